# Restart the inference server's container after every change Terraform makes
# to the pod (another model in env, say), and on demand:
#
#   terraform apply -invoke=action.runpod_pod_restart.inference
#
# A restart keeps the pod on its machine and ends where desired_status
# already is (RUNNING), so it never shows as a change in the next plan.
resource "runpod_pod" "inference" {
  name  = "inference"
  image = "ghcr.io/huggingface/text-generation-inference:3.3.4"
  ports = ["80/http"]

  env = {
    MODEL_ID = "Qwen/Qwen2.5-7B-Instruct"
  }

  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
  }

  lifecycle {
    action_trigger {
      events  = [after_update]
      actions = [action.runpod_pod_restart.inference]
    }
  }
}

# The action reads the pod that triggered it through `caller` (Terraform
# 1.16+); naming runpod_pod.inference here would be a reference cycle.
action "runpod_pod_restart" "inference" {
  config {
    pod_id = caller.id
  }
}
