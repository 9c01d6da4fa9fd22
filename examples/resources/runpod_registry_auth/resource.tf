# The token is write-only: Terraform sends it to Runpod and stores it in
# neither the plan nor the state. Give it through an ephemeral variable, e.g.
# TF_VAR_ghcr_token in CI.
variable "ghcr_token" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "runpod_registry_auth" "ghcr" {
  name                = "ghcr-acme"
  username            = "acme-ci-bot"
  password_wo         = var.ghcr_token
  password_wo_version = 1 # bump to send a rotated token (replaces the credential)
}

# A template that pulls a private image with it.
resource "runpod_template" "private" {
  name             = "acme-private-worker"
  image            = "ghcr.io/acme/worker:1.4.2"
  registry_auth_id = runpod_registry_auth.ghcr.id
}
