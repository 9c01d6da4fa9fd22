{{range .Volumes -}}
resource "runpod_network_volume" "{{.Name}}" {
  name           = "{{.Name}}"
  size_gb        = 10
  data_center_id = "{{.DC}}"
}

{{end -}}
resource "runpod_endpoint" "e" {
  name                           = "with-volumes"
  type                           = "QUEUE"
  image                          = "ghcr.io/acme/worker:1"
  gpu_pools                      = ["ADA_24"]
  scaler_type                    = "QUEUE_DELAY"
  scaler_value                   = 4
  network_volume_ids             = [{{range $i, $v := .Volumes}}{{if $i}}, {{end}}runpod_network_volume.{{$v.Name}}.id{{end}}]
  network_volume_data_center_ids = {{.Declared}}
  {{.Extra}}
}
