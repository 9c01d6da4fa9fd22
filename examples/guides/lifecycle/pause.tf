# A development pod that is created, set up and stopped at once: its volume
# disk keeps what it holds, and no GPU bills until someone starts it with
#
#   terraform apply -invoke=action.runpod_pod_start.dev
#
# and stops it again with -invoke=action.runpod_pod_stop.pause. desired_status
# is left to the actions (ignore_changes), so a later apply does not undo them.
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

    action_trigger {
      events  = [after_create]
      actions = [action.runpod_pod_stop.pause]
      # A pod that could not be stopped fails the apply and is tainted, so
      # the next apply replaces it and stops the new one, instead of leaving
      # it running, and billing, unnoticed.
      on_failure = taint
    }
  }
}

# caller is the pod whose change triggered the action.
action "runpod_pod_stop" "pause" {
  config {
    pod_id = caller.id
  }
}

action "runpod_pod_start" "dev" {
  config {
    pod_id = runpod_pod.dev.id
  }
}
