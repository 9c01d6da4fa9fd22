# Retries kept short, so that an exhausted retry costs no time.
provider "runpod" {
  max_retries            = 1
  retry_wait_min_seconds = 0
  retry_wait_max_seconds = 1
}

{{if eq .Kind "runpod_network_volume" -}}
resource "runpod_network_volume" "x" {
  count          = {{.Count}}
  name           = "sib-volume"
  size_gb        = 10
  data_center_id = "EU-RO-1"
}
{{- else if eq .Kind "runpod_pod" -}}
resource "runpod_pod" "x" {
  count = {{.Count}}
  name  = "sib-pod"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}
{{- else if eq .Kind "runpod_endpoint" -}}
resource "runpod_endpoint" "x" {
  count        = {{.Count}}
  name         = "sib-endpoint"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  gpu_pools    = ["ADA_24"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}
{{- else if eq .Kind "runpod_cluster" -}}
resource "runpod_cluster" "x" {
  count             = {{.Count}}
  name              = "sib-cluster"
  type              = "TRAINING"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  data_center_ids   = ["US-TX-3"]
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
}
{{- end}}
