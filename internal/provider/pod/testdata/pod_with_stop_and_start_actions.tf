resource "runpod_pod" "p" {
  name  = "act-stop"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  ports = ["22/tcp"]
{{- if .IgnoreDesiredStatus}}
  lifecycle {
    ignore_changes = [desired_status]
  }
{{- end}}
}

action "runpod_pod_stop" "x" {
  config {
    pod_id = runpod_pod.p.id
  }
}

action "runpod_pod_start" "x" {
  config {
    pod_id = runpod_pod.p.id
  }
}
