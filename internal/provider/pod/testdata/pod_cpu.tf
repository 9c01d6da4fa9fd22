resource "runpod_pod" "p" {
  name  = "{{.Name}}"
  image = "runpod/base:0.7.0"
  cpu {
    type_id    = "{{.CPU}}"
    vcpu_count = {{.VCPUs}}
  }
  {{.Extra}}
}
