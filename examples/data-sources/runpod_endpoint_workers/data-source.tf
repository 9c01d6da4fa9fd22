data "runpod_endpoint_workers" "inference" {
  endpoint_id = runpod_endpoint.inference.id
}

# Workers that can take a job now (idle or running, on the current release).
output "ready_workers" {
  value = data.runpod_endpoint_workers.inference.ready_count
}

output "workers_by_status" {
  value = data.runpod_endpoint_workers.inference.summary # e.g. { idle = 1, running = 0, ... }
}

# Warns on every plan while fewer workers are ready than the endpoint keeps
# active.
check "inference_ready" {
  assert {
    condition     = data.runpod_endpoint_workers.inference.ready_count >= runpod_endpoint.inference.workers_min
    error_message = "Fewer ready workers than workers_min on ${runpod_endpoint.inference.name}."
  }
}
