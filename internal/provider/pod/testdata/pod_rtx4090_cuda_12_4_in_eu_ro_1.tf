resource "runpod_pod" "p" {
  name  = "identity"
  image = "runpod/base:0.7.0"
  gpu {
    type_id          = "NVIDIA GeForce RTX 4090"
    min_cuda_version = "12.4"
  }
  data_center_ids = ["EU-RO-1"]
}
