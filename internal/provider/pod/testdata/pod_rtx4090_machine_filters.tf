resource "runpod_pod" "p" {
  name  = "filters"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
    {{.Filters}}
  }
}
