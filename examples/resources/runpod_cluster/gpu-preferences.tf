# A cluster of the first GPU type, in order of preference, that has stock for
# clusters (2 pods of 8 GPUs in one data center). Runpod creates a cluster of
# exactly one type and never falls back to another, so the plan chooses: it
# shows the type in gpu_type_id with the hourly cost of 16 of it, and fails
# listing each type and why when none can be placed.
#
# The choice is kept: stock changing later, or this list being reordered or
# extended, never replaces the cluster. Removing the chosen type from the
# list replaces it (a new cluster of the next choice, billed from creation).
resource "runpod_cluster" "flexible" {
  name = "flexible-finetune"
  type = "TRAINING"
  gpu_type_ids = [
    "NVIDIA H200",
    "NVIDIA H100 80GB HBM3",
    "NVIDIA A100 80GB PCIe",
  ]
  gpu_count_per_pod = 8
  pod_count         = 2

  image = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  ports = ["22/tcp"]
}

output "chosen_gpu_type" {
  value = runpod_cluster.flexible.gpu_type_id
}
