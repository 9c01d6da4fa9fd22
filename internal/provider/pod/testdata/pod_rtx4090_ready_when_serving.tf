resource "runpod_pod" "p" {
  name  = "{{.Name}}"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  ports = ["8000/http"]
  ready_when { log_line = "running on http://0\\.0\\.0\\.0:8000" }
  {{.Extra}}
}
