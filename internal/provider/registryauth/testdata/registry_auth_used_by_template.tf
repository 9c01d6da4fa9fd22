resource "runpod_registry_auth" "r" {
  name     = "ghcr"
  username = "u"
  password = "p"
}
resource "runpod_template" "t" {
  name             = "private"
  image            = "ghcr.io/acme/private:1"
  registry_auth_id = runpod_registry_auth.r.id
}
