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

# A pod from the template: it takes the template's image, ports, env, volume
# disk and SSH/Jupyter settings at create.
#
# What bills: the GPU's hourly price while the pod runs (the plan's "Pod
# Compute Cost" warning states it), and the template's volume disk until the
# pod is destroyed.
resource "runpod_pod" "notebook" {
  name        = "notebook"
  template_id = local.pytorch.id
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}

output "pytorch_image" {
  value = local.pytorch.image
}
