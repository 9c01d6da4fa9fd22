resource "runpod_pod" "p" {
  name  = "v"
  image = "img"
  gpu {
    type_id  = "NVIDIA GeForce RTX 4090"
    type_ids = ["NVIDIA GeForce RTX 4090"]
  }
}
