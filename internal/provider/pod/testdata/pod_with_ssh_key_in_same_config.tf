resource "runpod_ssh_key" "k" {
  public_key = "{{.PublicKey}}"
}

resource "runpod_pod" "p" {
  name  = "with-key"
  image = "runpod/base:0.7.0"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  start_ssh  = true
  ports      = ["22/tcp"]
  depends_on = [runpod_ssh_key.k]
}
