# An interactive GPU pod: JupyterLab and a web app, both reached through
# Runpod's HTTPS proxy, and SSH over a public TCP port.
#
# What bills: one RTX 4090 on Secure Cloud, at the catalog price the plan
# shows (about $0.69 per hour), from creation until the pod is stopped or
# destroyed, whether it is used or not. While stopped, its 20 GB volume disk
# still bills $0.20 per GB per month (about $4) until the pod is destroyed.
resource "runpod_pod" "notebook" {
  name  = "notebook"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"

  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
    # The image is built against CUDA 12.8: only hosts running it or later.
    min_cuda_version = "12.8"
  }

  ports         = ["8888/http", "7860/http", "22/tcp"]
  start_jupyter = true
  # Injects the account's SSH keys (runpod_ssh_key); without one the plan warns.
  start_ssh = true

  persistent_volume = {
    size_gb = 20
    path    = "/workspace"
  }
}

# Proxy URLs are public: anyone who has one reaches the port. JupyterLab asks
# for its password; the app on 7860 must do its own authentication.
output "jupyter_url" {
  value = lookup(runpod_pod.notebook.proxy_urls, "8888", null)
}

output "app_url" {
  value = lookup(runpod_pod.notebook.proxy_urls, "7860", null)
}

output "jupyter_password" {
  value     = runpod_pod.notebook.jupyter_password
  sensitive = true
}

output "ssh" {
  value = runpod_pod.notebook.ssh_direct
}
