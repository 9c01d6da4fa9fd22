resource "runpod_registry_auth" "ghcr" {
  name     = "ghcr"
  username = "bot"
  password = "ghcr-token"
}

resource "runpod_secret" "hf" {
  name  = "hf_token"
  value = "hf-token-value"
}

resource "runpod_template" "{{.Address}}" {
  name             = "{{.Name}}"
  image            = "ghcr.io/acme/trainer:1"
  registry_auth_id = runpod_registry_auth.ghcr.id
  env              = { HF_TOKEN = "{{"{{ RUNPOD_SECRET_${runpod_secret.hf.name} }}"}}" }
}
