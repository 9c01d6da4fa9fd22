resource "runpod_pod" "p" {
  name          = "web-2"
  image         = "runpod/base:0.7.0"
  start_ssh     = true
{{- if .StartJupyter}}
  start_jupyter = true
{{- end}}
  gpu {
    type_id          = "NVIDIA GeForce RTX 4090"
{{- if .Count}}
    count            = {{.Count}}
{{- end}}
{{- if .MinCUDA}}
    min_cuda_version = "{{.MinCUDA}}"
{{- end}}
  }
  data_center_ids   = {{.DataCenterIDs}}
  ports             = ["8888/http", "22/tcp"]
  env               = { A = "2" }
  args              = "sleep infinity"
  container_disk_gb = 40
{{- if .Locked}}
  locked            = true
{{- end}}
}
