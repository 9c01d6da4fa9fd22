# Read a secret made in the console by name (or by id) to use its reference;
# the value itself is never readable.
data "runpod_secret" "openai" {
  name = "openai_key"
}

resource "runpod_template" "agent" {
  name  = "agent"
  image = "ghcr.io/acme/agent:2.0.1"
  env = {
    OPENAI_API_KEY = data.runpod_secret.openai.reference
  }
}
