resource "runpod_network_volume" "weights" {
  name           = "weights"
  size_gb        = 100
  data_center_id = "EU-RO-1"
}

resource "runpod_pod" "train" {
  name  = "train"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  data_center_ids = [runpod_network_volume.weights.data_center_id]
  network_volume {
    volume_id = runpod_network_volume.weights.id
    path      = "/workspace"
  }
}
