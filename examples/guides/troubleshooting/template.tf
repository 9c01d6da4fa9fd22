# template.tf: a template that pods outside this configuration may use.
resource "runpod_template" "serve" {
  name  = "serve"
  image = "ghcr.io/acme/server:2"
}
