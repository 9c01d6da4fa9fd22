data "runpod_gpu_types" "big" {
  product       = "POD"
  min_memory_gb = 80
}
data "runpod_gpu_types" "japan" {
  product       = "POD"
  country_codes = ["JP"]
}
data "runpod_gpu_types" "cuda129" {
  product               = "POD"
  allowed_cuda_versions = ["12.9"]
}
