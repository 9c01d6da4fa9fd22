resource "runpod_endpoint" "first" {
  name         = "first"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  gpu_pools    = ["ADA_24", "AMPERE_24"]
  workers_min  = 1
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}

resource "runpod_endpoint" "nostock" {
  name         = "nostock"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  gpu_pools    = ["AMPERE_48", "ADA_24"]
  workers_min  = 1
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}
