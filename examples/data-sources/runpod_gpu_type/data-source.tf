# Stock of 2 × H100 per pod, on machines with CUDA 12.8 or later.
data "runpod_gpu_type" "h100" {
  id               = "NVIDIA H100 80GB HBM3"
  product          = "POD"
  gpu_count        = 2
  min_cuda_version = "12.8"
}

output "h100_data_centers" {
  value = data.runpod_gpu_type.h100.available_data_center_ids
}

output "h100_hourly_usd" {
  value = 2 * data.runpod_gpu_type.h100.price.secure
}
