resource "runpod_secret" "hf" {
  name  = "hf_token"
  value = "fn-canary-9c1d"
}

resource "runpod_pod" "p" {
  name  = "fn-pod"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  ports = ["8888/http"]
  env = {
    HF_TOKEN = provider::runpod::secret_ref(runpod_secret.hf.name)
  }
}

output "hf_token_env" {
  value = runpod_pod.p.env["HF_TOKEN"]
}

output "ref_is_secrets_reference" {
  value = provider::runpod::secret_ref(runpod_secret.hf.name) == runpod_secret.hf.reference
}

output "url" {
  value = provider::runpod::proxy_url(runpod_pod.p.id, 8888)
}

output "url_is_pods_proxy_url" {
  value = provider::runpod::proxy_url(runpod_pod.p.id, 8888) == runpod_pod.p.proxy_urls["8888"]
}

# The port as the pod's ports write it.
output "urls_of_http_ports" {
  value = [for p in runpod_pod.p.ports : provider::runpod::proxy_url(runpod_pod.p.id, p) if endswith(p, "/http")]
}
