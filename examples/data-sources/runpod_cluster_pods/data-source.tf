data "runpod_cluster_pods" "train" {
  cluster_id = runpod_cluster.train.id
}

# Each member's private address by rank, e.g. for a hostfile.
output "hostfile" {
  value = join("\n", [for p in data.runpod_cluster_pods.train.pods : "${p.ip} slots=${p.gpu_count}"])
}

# What the members bill now, USD per hour.
output "cluster_rate" {
  value = data.runpod_cluster_pods.train.total_cost_per_hour
}
