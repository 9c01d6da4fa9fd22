resource "runpod_template" "t" {
  name  = "tmpl-env"
  image = "runpod/base:0.7.0"
  env   = { MODE = "prod", HF_HOME = "/cache", TOKEN = "{{"{{ RUNPOD_SECRET_hf }}"}}" }
}

resource "runpod_pod" "p" {
  name        = "tmpl-env"
  template_id = runpod_template.t.id
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  {{.Env}}
}
