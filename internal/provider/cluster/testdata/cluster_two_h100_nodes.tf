{{if .RetryWaitSeconds}}
provider "runpod" {
  retry_wait_min_seconds = {{.RetryWaitSeconds}}
  retry_wait_max_seconds = {{.RetryWaitSeconds}}
}
{{end}}
resource "runpod_cluster" "c" {
  name              = "{{.Name}}"
  type              = "TRAINING"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  data_center_ids   = ["US-TX-3"]
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  ports             = ["22/tcp", "8888/http"]
  {{.Extra}}
}
