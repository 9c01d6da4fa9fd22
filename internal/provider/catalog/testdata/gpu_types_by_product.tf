data "runpod_gpu_type" "h100" {
  id      = "NVIDIA H100 80GB HBM3"
  product = "CLUSTER"
}
data "runpod_gpu_type" "mi300x" {
  id      = "AMD Instinct MI300X OAM"
  product = "POD"
}
data "runpod_gpu_type" "h200" {
  id      = "NVIDIA H200"
  product = "POD"
}
