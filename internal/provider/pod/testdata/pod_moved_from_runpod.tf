resource "runpod_pod" "dev" {
  name              = "dev"
  image             = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  container_disk_gb = 50
  ports             = ["8888/http", "22/tcp"]
  start_ssh         = true

  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
    count   = 1
  }
}
