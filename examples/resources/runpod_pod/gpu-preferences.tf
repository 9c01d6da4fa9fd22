# A pod that may run on any of three GPU types, in order of preference.
# Runpod itself never falls back to another type, so the plan does: it picks
# the first type with stock for pods in the allowed data centers, shows it as
# gpu.type_id with its hourly price, and fails listing what it checked when
# none has stock. The choice is kept: later stock changes never replace the
# pod, and reordering the list replaces it only if the chosen type leaves it.
#
# What bills: the chosen GPU's hourly price while the pod runs (the plan's
# "Pod Compute Cost" warning states it), plus its 20 GB volume disk at $0.20
# per GB per month until the pod is destroyed.
resource "runpod_pod" "inference" {
  name            = "inference"
  image           = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  data_center_ids = ["US-KS-2", "EU-RO-1"]

  gpu {
    type_ids = [
      "NVIDIA A100 80GB PCIe",
      "NVIDIA RTX A6000",
      "NVIDIA GeForce RTX 4090",
    ]
  }

  persistent_volume = {
    size_gb = 20
    path    = "/workspace"
  }
}

output "inference_gpu" {
  description = "The GPU type the plan chose from the preference list."
  value       = runpod_pod.inference.gpu.type_id
}
