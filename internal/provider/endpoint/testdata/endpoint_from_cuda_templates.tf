resource "runpod_template" "worker" {
  name                  = "cuda-worker"
  image                 = "ghcr.io/acme/worker:1"
  serverless            = true
  allowed_cuda_versions = ["12.6"]
}

resource "runpod_endpoint" "public" {
  name         = "from-public-cuda"
  type         = "QUEUE"
  template_id  = "{{.PublicID}}"
  gpu_pools    = ["ADA_24"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}

resource "runpod_endpoint" "own" {
  name         = "from-own-cuda"
  type         = "QUEUE"
  template_id  = runpod_template.worker.id
  gpu_pools    = ["ADA_24"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
  {{.Extra}}
}
