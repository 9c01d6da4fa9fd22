resource "runpod_ssh_key" "me" {
  public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBkGBN0P2d4Xo3b4YzmwN8TjUKjZiUzx4jV7u0m7mU7c me@example"
}

resource "runpod_pod" "p" {
  name  = "dev"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  ports      = ["22/tcp"]
  depends_on = [runpod_ssh_key.me]
}
