resource "runpod_template" "t" {
  name       = "new-worker"
  image      = "ghcr.io/acme/worker:1"
  serverless = {{.Serverless}}
}

resource "runpod_endpoint" "e" {
  name         = "from-new-template"
  type         = "QUEUE"
  template_id  = runpod_template.t.id
  gpu_pools    = ["ADA_24"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}
