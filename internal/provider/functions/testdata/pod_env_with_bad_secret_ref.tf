resource "runpod_pod" "p" {
  name  = "fn-bad-pod"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  env = {
    HF_TOKEN = provider::runpod::secret_ref("runpod hf token")
  }
}
