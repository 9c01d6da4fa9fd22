resource "runpod_pod" "p" {
  name          = "notebook"
  image         = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  ports         = ["8888/http"]
  start_jupyter = true
  {{.Extra}}
}

output "jupyter_password" {
  value     = runpod_pod.p.jupyter_password
  sensitive = true
}
