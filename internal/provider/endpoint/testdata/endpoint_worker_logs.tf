resource "runpod_secret" "hf" {
  name  = "hf_token"
  value = "{{.Secret}}"
}

resource "runpod_endpoint" "e" {
  name         = "env-dump"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  gpu_pools    = ["ADA_24", "AMPERE_48"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
  workers_min  = 1
  env          = { HF_TOKEN = "{{"{{ RUNPOD_SECRET_${runpod_secret.hf.name} }}"}}", MODE = "prod" }

  wait_for_ready_workers = 1
}
{{if .Logs}}
data "runpod_endpoint_workers" "w" {
  endpoint_id = runpod_endpoint.e.id
}

data "runpod_endpoint_worker_logs" "l" {
  count       = length(data.runpod_endpoint_workers.w.workers)
  endpoint_id = runpod_endpoint.e.id
  worker_id   = data.runpod_endpoint_workers.w.workers[count.index].id
  {{.LogArgs}}
}
{{end}}
