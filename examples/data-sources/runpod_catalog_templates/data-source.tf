# Runpod's official PyTorch pod templates, newest image first under each name.
data "runpod_catalog_templates" "pytorch" {
  source       = "official"
  category     = "NVIDIA"
  serverless   = false
  image_prefix = "runpod/pytorch:"
}

locals {
  pytorch = data.runpod_catalog_templates.pytorch.templates[0]
}

# A pod from the template: it takes the template's image, ports, env and
# SSH/Jupyter settings at create. The volume is stated here rather than left
# to the template, so the plan shows it.
resource "runpod_pod" "notebook" {
  name              = "notebook"
  template_id       = local.pytorch.id
  gpu               = { type_id = "NVIDIA GeForce RTX 4090" }
  persistent_volume = local.pytorch.persistent_volume
}

output "pytorch_image" {
  value = local.pytorch.image
}
