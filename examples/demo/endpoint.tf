# A serverless endpoint from the worker template, reading the model weights
# from the demo volume: workers go to the first GPU pool with capacity, only
# in the volume's data center. With workers_min = 0 nothing bills while it is
# idle; the plan states what its flex workers would bill while they run jobs
# ("Serverless Endpoint Cost").

resource "runpod_endpoint" "demo" {
  name        = "demo-llm"
  type        = "QUEUE"
  template_id = runpod_template.worker.id

  gpu_pools    = ["ADA_24", "AMPERE_48"] # most preferred first
  workers_max  = 2
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
  flashboot    = "FLASHBOOT"

  network_volume_ids = [runpod_network_volume.weights.id]
}

output "endpoint_run_url" {
  value = runpod_endpoint.demo.request_urls["run"]
}
