resource "runpod_cluster" "many" {
  count             = 4
  name              = "shard-${count.index}"
  type              = "TRAINING"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 2
  pod_count         = 2
  image             = "busybox"
}
