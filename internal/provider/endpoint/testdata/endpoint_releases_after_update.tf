resource "runpod_endpoint" "e" {
  name         = "rollout"
  type         = "QUEUE"
  image        = "{{.Image}}"
  gpu_pools    = ["ADA_24", "AMPERE_48"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
  workers_min  = 1

  wait_for_ready_workers = 1
}

data "runpod_endpoint_releases" "r" {
  endpoint_id = runpod_endpoint.e.id
}

output "current_is_newest" {
  value = data.runpod_endpoint_releases.r.releases[0].version == data.runpod_endpoint_releases.r.endpoint_version
}
