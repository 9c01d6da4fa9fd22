{{/* One case's configuration, with Key the argument under test. */ -}}
{{if eq .Case "pod gpu" -}}
resource "runpod_pod" "p" {
  name  = "typo"
  image = "runpod/base:0.7.0"
  gpu {
    type_id = "NVIDIA RTX A6000"
    {{.Key}} = 2
  }
}
{{- else if eq .Case "pod gpu preferences" -}}
resource "runpod_pod" "p" {
  name  = "typo"
  image = "runpod/base:0.7.0"
  gpu {
    type_ids = ["NVIDIA RTX A6000"]
    {{.Key}} = "12.8"
  }
}
{{- else if eq .Case "pod cpu" -}}
resource "runpod_pod" "p" {
  name  = "typo"
  image = "runpod/base:0.7.0"
  cpu {
    type_id = "cpu3c"
    {{.Key}} = 4
  }
}
{{- else if eq .Case "pod network_volume" -}}
resource "runpod_pod" "p" {
  name  = "typo"
  image = "runpod/base:0.7.0"
  gpu { type_id = "NVIDIA RTX A6000" }
  network_volume {
    volume_id = "vol"
    {{.Key}} = "/workspace"
  }
}
{{- else if eq .Case "pod ready_when" -}}
resource "runpod_pod" "p" {
  name  = "typo"
  image = "runpod/base:0.7.0"
  gpu { type_id = "NVIDIA RTX A6000" }
  ready_when {
    log_line = "listening"
    {{.Key}} = "system"
  }
}
{{- else if eq .Case "pod persistent_volume" -}}
resource "runpod_pod" "p" {
  name              = "typo"
  image             = "runpod/base:0.7.0"
  gpu { type_id = "NVIDIA RTX A6000" }
  persistent_volume = { {{.Key}} = 20, path = "/workspace" }
}
{{- else if eq .Case "endpoint cpu" -}}
resource "runpod_endpoint" "e" {
  name         = "typo"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
  cpu {
    type_id    = "cpu3c"
    vcpu_count = 4
  }
  cpu {
    type_id = "cpu5c"
    {{.Key}} = 2
  }
}
{{- else if eq .Case "cluster network_volume" -}}
resource "runpod_cluster" "c" {
  name              = "typo"
  type              = "SLURM"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  image             = "runpod/base:0.7.0"
  network_volume {
    volume_id = "vol"
    {{.Key}} = "/workspace"
  }
}
{{- else if eq .Case "cluster persistent_volume" -}}
resource "runpod_cluster" "c" {
  name              = "typo"
  type              = "SLURM"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  image             = "runpod/base:0.7.0"
  persistent_volume {
    {{.Key}} = 20
    path = "/workspace"
  }
}
{{- else if eq .Case "template persistent_volume" -}}
resource "runpod_template" "t" {
  name  = "typo"
  image = "runpod/base:0.7.0"
  persistent_volume {
    {{.Key}} = 20
    path = "/workspace"
  }
}
{{- end}}
