resource "runpod_pod" "p" {
  name  = "act-restart"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  ports = ["8888/http", "22/tcp"]
  env   = { MODE = "{{.Mode}}" }
  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.runpod_pod_restart.r]
    }
  }
}

action "runpod_pod_restart" "r" {
  config {
    pod_id = runpod_pod.p.id
  }
}
