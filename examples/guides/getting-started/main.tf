# main.tf: a network volume that keeps your files, and a GPU pod that mounts
# it, with JupyterLab behind Runpod's HTTPS proxy and SSH over a public port.
#
# What bills: the GPU's hourly price while the pod runs, whether it is used
# or not, and the volume per GB per month from creation until it is
# destroyed. The plan shows both.

variable "ssh_public_key" {
  description = "Your SSH public key, the contents of ~/.ssh/id_ed25519.pub."
  type        = string
}

variable "gpu_type" {
  description = "GPU type id, the catalog's full name (see the runpod_gpu_types data source)."
  type        = string
  default     = "NVIDIA GeForce RTX 4090"
}

variable "data_center" {
  description = "Data center of the volume; the pod is placed in the same one."
  type        = string
  default     = "EU-RO-1"
}

resource "runpod_network_volume" "workspace" {
  name           = "workspace"
  size_gb        = 50
  data_center_id = var.data_center
}

resource "runpod_pod" "dev" {
  name  = "dev"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"

  gpu {
    type_id = var.gpu_type
  }

  # Mounted at /workspace. The pod goes to the volume's data center; naming
  # it (data_center_id) lets the plan check the GPU's stock there before the
  # volume exists.
  network_volume {
    volume_id      = runpod_network_volume.workspace.id
    data_center_id = runpod_network_volume.workspace.data_center_id
    path           = "/workspace"
  }

  ports         = ["8888/http", "22/tcp"]
  start_jupyter = true

  # Runpod's images add PUBLIC_KEY to root's authorized_keys.
  env = {
    PUBLIC_KEY = var.ssh_public_key
  }
}

# Proxy URLs are public: anyone who has one reaches the port. JupyterLab asks
# for its password.
output "jupyter_url" {
  value = lookup(runpod_pod.dev.proxy_urls, "8888", null)
}

output "jupyter_password" {
  value     = runpod_pod.dev.jupyter_password
  sensitive = true
}

output "ssh" {
  value = runpod_pod.dev.ssh_direct
}
