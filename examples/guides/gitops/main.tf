# main.tf: what the pipeline manages. Training pods and an inference endpoint
# with one always-on worker; their hourly costs are known in the plan
# (estimated_cost_per_hour), which policy.jq checks.

variable "trainers" {
  description = "How many training pods to run."
  type        = number
  default     = 1
}

resource "runpod_pod" "trainer" {
  count = var.trainers
  name  = "trainer-${count.index}"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"

  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
  }
}

resource "runpod_endpoint" "inference" {
  name         = "inference"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  gpu_pools    = ["ADA_24"]
  workers_min  = 1 # always on: bills whether requests come or not
  workers_max  = 3
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}
