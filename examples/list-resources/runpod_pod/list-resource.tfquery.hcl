# Running RTX 4090 pods in EU-RO-1, with every attribute as an import would
# read it. Each result is named like `NAME (ID, 1x RTX 4090 in EU-RO-1,
# RUNNING)`. Pods of instant clusters are left out unless
# include_cluster_pods = true: manage them through runpod_cluster.
list "runpod_pod" "gpus" {
  provider         = runpod
  include_resource = true

  config {
    status         = "RUNNING"
    gpu_type_id    = "NVIDIA GeForce RTX 4090"
    data_center_id = "EU-RO-1"
  }
}
