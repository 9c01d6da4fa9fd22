{{if .Limit -}}
provider "runpod" {
  max_hourly_spend = {{.Limit}}
}

{{end -}}
resource "runpod_pod" "old" {
  name  = "old"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}

resource "runpod_endpoint" "llm" {
  name         = "llm"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  gpu_pools    = ["ADA_24"]
  workers_min  = 1
  workers_max  = {{.WorkersMax}}
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}
{{- if .NewPods}}

resource "runpod_pod" "n1" {
  name  = "n1"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}

resource "runpod_pod" "n2" {
  name  = "n2"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}
{{- end}}
