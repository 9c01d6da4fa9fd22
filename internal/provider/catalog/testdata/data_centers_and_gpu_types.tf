data "runpod_data_centers" "all" {}
data "runpod_data_center" "ro" { id = "EU-RO-1" }
data "runpod_data_center" "ks" { id = "US-KS-2" }
data "runpod_data_center" "jp" { id = "AP-JP-1" }
data "runpod_gpu_types" "a" { product = "POD" }
data "runpod_gpu_types" "b" {
  product       = "POD"
  min_memory_gb = 48
}
data "runpod_gpu_types" "c" { product = "CLUSTER" }
