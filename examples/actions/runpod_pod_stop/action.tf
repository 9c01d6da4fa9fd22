# A development pod that a scheduled pipeline stops in the evening and starts
# in the morning, without touching the configuration:
#
#   terraform apply -invoke=action.runpod_pod_stop.dev
#   terraform apply -invoke=action.runpod_pod_start.dev
#
# desired_status is left to the actions (ignore_changes): otherwise the next
# plain apply would start the stopped pod again, because the configuration
# says RUNNING (the default).
resource "runpod_pod" "dev" {
  name  = "dev"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  ports = ["8888/http", "22/tcp"]

  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
  }

  persistent_volume = {
    size_gb = 50
    path    = "/workspace"
  }

  lifecycle {
    ignore_changes = [desired_status]
  }
}

action "runpod_pod_stop" "dev" {
  config {
    pod_id = runpod_pod.dev.id
  }
}

action "runpod_pod_start" "dev" {
  config {
    pod_id = runpod_pod.dev.id
  }
}
