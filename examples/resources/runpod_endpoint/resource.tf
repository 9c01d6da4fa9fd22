# A queue-based inference endpoint from a serverless template, with a GPU
# priority list, FlashBoot and a network volume that holds the model.
#
# What bills: workers_min = 1 keeps one worker (1 GPU of the first pool with
# capacity) running around the clock; the plan states the hourly figure. Up
# to 4 more flex workers bill per second only while they run jobs, plus the
# 5-second idle timeout. The volume bills per GB-month on its own.
resource "runpod_network_volume" "models" {
  name           = "llm-weights"
  size_gb        = 100
  data_center_id = "EU-RO-1"
}

resource "runpod_template" "worker" {
  name       = "llm-worker"
  image      = "ghcr.io/acme/llm-worker:1.4.0"
  serverless = true
  env = {
    MODEL_PATH = "/runpod-volume/llama-3-8b"
  }
}

resource "runpod_endpoint" "inference" {
  name        = "llm-inference"
  type        = "QUEUE"
  template_id = runpod_template.worker.id

  gpu_pools = ["ADA_24", "AMPERE_48"] # most preferred first
  gpu_count = 1

  workers_min          = 1
  workers_max          = 5
  idle_timeout_seconds = 5
  scaler_type          = "QUEUE_DELAY"
  scaler_value         = 4

  flashboot            = "FLASHBOOT"
  execution_timeout_ms = 600000

  data_center_ids    = ["EU-RO-1"]
  network_volume_ids = [runpod_network_volume.models.id]

  # Wait until the active worker is ready before the apply ends.
  wait_for_ready_workers = 1
}

output "run_url" {
  value = runpod_endpoint.inference.request_urls["run"]
}
