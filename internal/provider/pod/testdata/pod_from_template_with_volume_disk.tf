resource "runpod_template" "t" {
  name  = "with-volume-disk"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  persistent_volume {
    size_gb = 20
    path    = "/workspace"
  }
}

resource "runpod_pod" "p" {
  name        = "from-volume-template"
  template_id = runpod_template.t.id
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}
