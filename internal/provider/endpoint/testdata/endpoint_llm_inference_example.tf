resource "runpod_endpoint" "inference" {
  name         = "llm-inference"
  type         = "QUEUE"
  image        = "ghcr.io/acme/llm-worker:1.4.0"
  gpu_pools    = ["ADA_24", "AMPERE_48"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
  workers_min  = 1

  wait_for_ready_workers = 1
}
