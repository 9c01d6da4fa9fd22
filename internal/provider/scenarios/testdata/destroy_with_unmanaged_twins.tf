resource "runpod_secret" "token" {
  name  = "destroy_twins_token"
  value = "not-a-real-token"
}

resource "runpod_network_volume" "data" {
  name           = "weights"
  size_gb        = 10
  data_center_id = "EU-RO-1"
}

resource "runpod_pod" "p" {
  name  = "trainer"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}
