{{if .ImportID}}
import {
  to = runpod_cluster.console
  id = "{{.ImportID}}"
}
{{end}}
resource "runpod_cluster" "console" {
  name              = "console-made"
  type              = "TRAINING"
  gpu_type_ids      = ["NVIDIA A100 80GB PCIe", "NVIDIA H100 80GB HBM3"]
  gpu_count_per_pod = 8
  pod_count         = 2
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
}
