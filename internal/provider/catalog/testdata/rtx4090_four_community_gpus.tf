data "runpod_gpu_type" "rtx" {
  id               = "NVIDIA GeForce RTX 4090"
  product          = "POD"
  cloud            = "COMMUNITY"
  gpu_count        = 4
  min_cuda_version = "12.4"
}
