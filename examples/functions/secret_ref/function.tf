# Pods and workers created from this template get the value of the account
# secret "hf_token" in HF_TOKEN when they boot; the configuration, the plan
# and the state hold only the reference. Use it for a secret made in the
# console or in another workspace; a runpod_secret managed here has the same
# string as its reference attribute.
resource "runpod_template" "inference" {
  name  = "inference"
  image = "runpod/worker-v1-vllm:v2.7.0"
  env = {
    HF_TOKEN = provider::runpod::secret_ref("hf_token")
  }
}

output "hf_token_reference" {
  value = provider::runpod::secret_ref("hf_token") # "{{ RUNPOD_SECRET_hf_token }}"
}
