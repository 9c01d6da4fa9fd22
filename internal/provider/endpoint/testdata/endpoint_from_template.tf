{{if .ImportID}}
import {
  to = runpod_endpoint.e
  id = "{{.ImportID}}"
}
{{end}}
resource "runpod_endpoint" "e" {
  name         = "from-template"
  type         = "QUEUE"
  template_id  = "{{.TemplateID}}"
  gpu_pools    = ["ADA_24"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
  {{.Extra}}
}
