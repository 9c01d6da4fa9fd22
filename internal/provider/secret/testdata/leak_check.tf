variable "api_key" {
  type      = string
  sensitive = true
{{- if .WriteOnly}}
  ephemeral = true
{{- end}}
}
variable "secret_value" {
  type      = string
  sensitive = true
{{- if .WriteOnly}}
  ephemeral = true
{{- end}}
}
variable "registry_password" {
  type      = string
  sensitive = true
{{- if .WriteOnly}}
  ephemeral = true
{{- end}}
}

provider "runpod" {
  api_key = var.api_key
}
{{if .WriteOnly}}
resource "runpod_registry_auth" "r" {
  name                = "leak-check"
  username            = "bot"
  password_wo         = var.registry_password
  password_wo_version = 1
}

resource "runpod_secret" "s" {
  name             = "leak_check"
  value_wo         = var.secret_value
  value_wo_version = 1
}
{{- else}}
resource "runpod_registry_auth" "r" {
  name     = "leak-check"
  username = "bot"
  password = var.registry_password
}

resource "runpod_secret" "s" {
  name  = "leak_check"
  value = var.secret_value
}
{{- end}}

resource "runpod_template" "t" {
  name             = "leak-check"
  image            = "ghcr.io/acme/private:1"
  registry_auth_id = runpod_registry_auth.r.id
  env              = { TOKEN = runpod_secret.s.reference }
}
