# Retries kept short, so that an exhausted retry costs no time.
provider "runpod" {
  max_retries            = 1
  retry_wait_min_seconds = 0
  retry_wait_max_seconds = 1
}

{{if eq .Kind "runpod_template" -}}
resource "runpod_template" "x" {
  name  = "fm-template"
  image = "busybox:{{if .Updated}}2{{else}}1{{end}}"
}
{{- else if eq .Kind "runpod_network_volume" -}}
resource "runpod_network_volume" "x" {
  name           = "fm-volume"
  size_gb        = {{if .Updated}}20{{else}}10{{end}}
  data_center_id = "EU-RO-1"
}
{{- else if eq .Kind "runpod_registry_auth" -}}
resource "runpod_registry_auth" "x" {
  name     = "fm-registry"
  username = "bot"
  password = "fm-password"
}
{{- else if eq .Kind "runpod_secret" -}}
resource "runpod_secret" "x" {
  name        = "fm_secret"
  value       = "fm-value"
  description = "{{if .Updated}}two{{else}}one{{end}}"
}
{{- else if eq .Kind "runpod_ssh_key" -}}
resource "runpod_ssh_key" "x" {
  public_key = "{{.Key}} {{if .Updated}}two{{else}}one{{end}}@example"
}
{{- else if eq .Kind "runpod_pod" -}}
resource "runpod_pod" "x" {
  name  = "fm-pod{{if .Updated}}-renamed{{end}}"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}
{{- else if eq .Kind "runpod_cluster" -}}
resource "runpod_cluster" "x" {
  name              = "fm-cluster{{if .Updated}}-renamed{{end}}"
  type              = "TRAINING"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  data_center_ids   = ["US-TX-3"]
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
}
{{- else if eq .Kind "runpod_endpoint" -}}
resource "runpod_endpoint" "x" {
  name         = "fm-endpoint{{if .Updated}}-renamed{{end}}"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  gpu_pools    = ["ADA_24"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}
{{- else if eq .Kind "runpod_ecr_delegation" -}}
resource "runpod_ecr_delegation" "x" {
  resource = "arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment"
  name     = "fm-delegation"
}
{{- else if eq .Kind "runpod_ssh_keys" -}}
resource "runpod_ssh_keys" "x" {
  keys = ["{{.Key}} one@example"{{if .Updated}}, "{{.Key2}}"{{end}}]
}
{{- end}}
