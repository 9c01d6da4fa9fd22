resource "runpod_pod" "p" {
  name  = "{{.Name}}"
  image = "{{.Image}}"
  gpu {
    type_id = "{{.GPU}}"
    count   = {{.Count}}
  }
}
