# Provider functions need the provider in required_providers. The tests
# serve it as hashicorp/runpod (on registry.terraform.io or, for OpenTofu,
# registry.opentofu.org); users write runpod-tf/runpod.
terraform {
  required_providers {
    runpod = {
      source = "hashicorp/runpod"
    }
  }
}
