data "runpod_catalog_templates" "torch" {
  category     = "NVIDIA"
  serverless   = false
  image_prefix = "runpod/pytorch:"
}

resource "runpod_pod" "torch" {
  name        = "from-catalog"
  template_id = data.runpod_catalog_templates.torch.templates[0].id
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}
