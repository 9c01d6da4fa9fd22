# The value is write-only: Terraform sends it to Runpod and stores it in
# neither the plan nor the state.
variable "hf_token" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "runpod_secret" "hf_token" {
  name             = "hf_token"
  value_wo         = var.hf_token
  value_wo_version = 1 # bump to send a rotated value
  description      = "Hugging Face read token"
}

# Pods and workers created from this template get the value in HF_TOKEN when
# they boot; the template itself only holds the reference.
resource "runpod_template" "inference" {
  name  = "inference"
  image = "runpod/worker-v1-vllm:v2.7.0"
  env = {
    HF_TOKEN = runpod_secret.hf_token.reference # "{{ RUNPOD_SECRET_hf_token }}"
  }
}
