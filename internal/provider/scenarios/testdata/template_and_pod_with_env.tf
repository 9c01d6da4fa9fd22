resource "runpod_template" "t" {
  name  = "serve"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  env   = { MODE = "prod", HF_HOME = "/cache" }
}

resource "runpod_pod" "p" {
  name        = "serve-1"
  template_id = runpod_template.t.id
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  {{.PodEnv}}
}
