data "runpod_catalog_templates" "official" {}
data "runpod_catalog_templates" "torch" {
  name_contains = "pytorch"
  category      = "NVIDIA"
  serverless    = false
  image_prefix  = "runpod/pytorch:"
}
data "runpod_catalog_templates" "regex" {
  name_regex = "^(Runpod Ubuntu|Pytorch ROCm)$"
}
data "runpod_catalog_templates" "community" {
  source = "community"
}
data "runpod_catalog_templates" "none" {
  source        = "verified"
  name_contains = "no such template"
}
