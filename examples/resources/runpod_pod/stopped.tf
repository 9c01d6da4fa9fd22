# A pod created and left stopped: its image is pulled and its volume disk set
# up now, and it is started later by changing desired_status to "RUNNING".
#
# What bills: the GPU only briefly, while the pod is created and stopped. While
# stopped, the 50 GB volume disk bills $0.20 per GB per month ($10) until the
# pod is destroyed. A later start needs the GPUs of the machine it was created
# on; if they have been taken meanwhile the start fails and the pod stays
# stopped.
resource "runpod_pod" "batch" {
  name           = "nightly-batch"
  image          = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  desired_status = "EXITED"

  gpu {
    type_id = "NVIDIA RTX A5000"
  }

  persistent_volume = {
    size_gb = 50
    path    = "/workspace"
  }
}
