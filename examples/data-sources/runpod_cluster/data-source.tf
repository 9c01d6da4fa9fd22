# Read a cluster by id, or by a name no other cluster has.
data "runpod_cluster" "train" {
  name = "llm-finetune"
}

output "train_pods" {
  value = data.runpod_cluster.train.pods_by_status # e.g. { RUNNING = 2 }
}
