resource "runpod_template" "t" {
  count = {{.Count}}
  name  = "refresh-${count.index}"
  image = "{{.Image}}"
}

resource "runpod_network_volume" "v" {
  count          = {{.Count}}
  name           = "refresh-${count.index}"
  size_gb        = 10
  data_center_id = "EU-RO-1"
}

resource "runpod_secret" "s" {
  count = {{.Count}}
  name  = "refresh_${count.index}"
  value = "v${count.index}"
}

resource "runpod_pod" "p" {
  count = 2
  name  = "refresh-${count.index}"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}
