# Read an endpoint by id, or by a name no other endpoint has.
data "runpod_endpoint" "inference" {
  name = "llm-inference"
}

# Where clients send jobs.
output "inference_run_url" {
  value = data.runpod_endpoint.inference.request_urls["run"]
}
