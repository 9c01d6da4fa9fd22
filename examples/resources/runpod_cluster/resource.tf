# Two pods with eight H100s each, in one data center, from a public image.
# The plan warns: 2 × 8 = 16 GPUs at the catalog's Secure Cloud price, billed
# from creation until destroyed, and fails if the H100 has no cluster stock in
# the data centers listed (naming the configurations that do).
resource "runpod_cluster" "train" {
  name              = "llm-finetune"
  type              = "TRAINING"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  data_center_ids   = ["US-TX-3", "US-KS-2"] # most preferred first

  image = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  ports = ["22/tcp", "8888/http"]
  env = {
    NCCL_DEBUG = "WARN"
  }
  start_ssh = true

  timeouts {
    create = "45m" # waits until every member pod is RUNNING
  }
}

# The command to run, e.g. "ssh root@203.0.113.7 -p 20001": the primary
# pod's own ssh_direct. primary_ssh_endpoint is the same endpoint as host:port.
output "ssh_to_primary" {
  value = runpod_cluster.train.primary_ssh_direct
}

output "estimated_cost_per_hour" {
  value = runpod_cluster.train.estimated_cost_per_hour
}
