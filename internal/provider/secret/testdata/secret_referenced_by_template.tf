resource "runpod_secret" "s" {
  name  = "hf_token"
  value = "v"
}
resource "runpod_template" "t" {
  name  = "managed-worker"
  image = "acme/worker:1"
  env   = { TOKEN = runpod_secret.s.reference }
}
