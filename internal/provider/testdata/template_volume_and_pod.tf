resource "runpod_template" "t" {
  name  = "needs-a-key"
  image = "runpod/base:0.6.2"
}

resource "runpod_network_volume" "v" {
  name           = "weights"
  size_gb        = 50
  data_center_id = "EU-SE-1"
}

resource "runpod_pod" "p" {
  name  = "trainer"
  image = "runpod/base:0.6.2"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}
