resource "runpod_network_volume" "v" {
  name           = "work"
  size_gb        = 50
  data_center_id = "{{.VolumeDC}}"
}

resource "runpod_pod" "p" {
  name  = "trainer"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  {{.Extra}}
  network_volume {
    volume_id      = runpod_network_volume.v.id
    data_center_id = {{.BlockDC}}
    path           = "/workspace"
  }
}
