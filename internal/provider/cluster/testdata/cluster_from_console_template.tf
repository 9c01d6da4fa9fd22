{{if .ImportID}}
import {
  to = runpod_cluster.c
  id = "{{.ImportID}}"
}
{{end}}
resource "runpod_cluster" "c" {
  name              = "console-made"
  type              = "RAY"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 2
  pod_count         = 2
  template_id       = "{{.TemplateID}}"
  {{.Extra}}
}
