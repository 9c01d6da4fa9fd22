# gpu-preferences.tf: a pod that takes the first GPU type with stock, in
# order of preference, instead of failing when one type is sold out. The
# plan shows the type it chose and its price; the choice is kept afterwards.
resource "runpod_pod" "dev" {
  name  = "dev"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"

  gpu {
    type_ids = ["NVIDIA GeForce RTX 4090", "NVIDIA RTX A6000", "NVIDIA L40S"]
  }
}
