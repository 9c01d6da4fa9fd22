{{if .ImportID}}
import {
  to = runpod_endpoint.e
  id = "{{.ImportID}}"
}
{{end}}
resource "runpod_endpoint" "e" {
  name         = "{{.Name}}"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  gpu_pools    = ["ADA_24", "AMPERE_48"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
  {{.Extra}}
}
