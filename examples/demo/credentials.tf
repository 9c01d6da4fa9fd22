# Credentials, written once and never stored: the registry password and the
# secret's value go through write-only arguments, from ephemeral variables
# (the demo sets TF_VAR_registry_password and TF_VAR_hf_token), so they are in
# neither the plan nor the state. demo.sh checks that.

variable "registry_password" {
  type        = string
  description = "Access token for the private registry."
  sensitive   = true
  ephemeral   = true
}

variable "hf_token" {
  type        = string
  description = "Hugging Face token, handed to pods as a Runpod secret."
  sensitive   = true
  ephemeral   = true
}

resource "runpod_registry_auth" "ghcr" {
  name                = "demo-ghcr"
  username            = "demo-ci-bot"
  password_wo         = var.registry_password
  password_wo_version = 1
}

resource "runpod_secret" "hf_token" {
  name             = "demo_hf_token"
  description      = "Hugging Face read token for the demo worker"
  value_wo         = var.hf_token
  value_wo_version = 1
}

# A worker from a private image whose pods get the token at boot. The template
# holds only the secret's reference, "{{ RUNPOD_SECRET_demo_hf_token }}".
resource "runpod_template" "private_worker" {
  name             = "demo-private-worker"
  image            = "ghcr.io/acme/private-worker:1.4.2"
  registry_auth_id = runpod_registry_auth.ghcr.id
  serverless       = true
  start_ssh        = false
  start_jupyter    = false
  env = {
    HF_TOKEN = runpod_secret.hf_token.reference
  }
}

output "private_worker_env" {
  value = runpod_template.private_worker.env
}
