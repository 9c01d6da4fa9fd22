# The address of a pod's HTTP port through Runpod's HTTPS proxy, for any pod
# id and port: here the pod of another workspace, whose id is known.
output "shared_notebook_url" {
  value = provider::runpod::proxy_url("7h9k2m4n6p", 8888) # "https://7h9k2m4n6p-8888.proxy.runpod.net"
}

# For a pod of this configuration, the URL is known once the pod is created.
# Anyone who has it reaches the port: the app must do its own authentication.
# What bills: one RTX 4090 on Secure Cloud at the catalog price the plan
# shows, from creation until the pod is stopped or destroyed.
resource "runpod_pod" "app" {
  name  = "app"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  ports = ["7860/http"]
}

output "app_url" {
  value = provider::runpod::proxy_url(runpod_pod.app.id, 7860)
}
