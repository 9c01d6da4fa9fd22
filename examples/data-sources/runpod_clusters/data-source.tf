data "runpod_clusters" "all" {}

# Every GPU the account's clusters hold, billed while they exist.
output "cluster_gpus" {
  value = sum(concat([0], [for c in data.runpod_clusters.all.clusters : c.pod_count * c.gpu_count_per_pod]))
}
