resource "runpod_registry_auth" "r" {
  name     = "{{.Name}}"
  username = "{{.Username}}"
  {{.Password}}
}
resource "runpod_template" "t" {
  name             = "private-trainer"
  image            = "ghcr.io/acme/private:1"
  registry_auth_id = runpod_registry_auth.r.id
}
