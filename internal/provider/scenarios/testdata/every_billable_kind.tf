resource "runpod_pod" "worker" {
  count = 3
  name  = "worker"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}

resource "runpod_pod" "a" {
  name  = "a"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
    count   = 2
  }
}

resource "runpod_pod" "b" {
  name  = "b"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  cpu {
    type_id    = "cpu3c"
    vcpu_count = 4
  }
}

resource "runpod_network_volume" "data" {
  count          = 2
  name           = "data"
  size_gb        = 100
  data_center_id = "EU-RO-1"
}

resource "runpod_network_volume" "ckpt" {
  name           = "ckpt"
  size_gb        = 50
  data_center_id = "US-KS-2"
}

resource "runpod_endpoint" "llm" {
  name         = "llm"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  gpu_pools    = ["ADA_24"]
  workers_min  = 1
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}

resource "runpod_endpoint" "batch" {
  name         = "batch"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  gpu_pools    = ["ADA_24"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}

resource "runpod_cluster" "x" {
  name              = "train"
  type              = "TRAINING"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  data_center_ids   = ["US-TX-3"]
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
}
