# Checkpoints on a network volume that outlives the cluster. A network volume
# is reachable only from compute in its own data center, so the cluster is
# pinned there; the plan checks cluster stock in that data center.

resource "runpod_network_volume" "checkpoints" {
  name           = "llm-checkpoints"
  size_gb        = 500
  data_center_id = "US-TX-3"
}

resource "runpod_cluster" "train" {
  name              = "llm-pretrain"
  type              = "TRAINING"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  data_center_ids   = [runpod_network_volume.checkpoints.data_center_id]

  image = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  args  = "torchrun --nnodes 2 --nproc-per-node 8 train.py --save-dir /checkpoints"
  network_volume {
    volume_id = runpod_network_volume.checkpoints.id
    path      = "/checkpoints"
  }
}
