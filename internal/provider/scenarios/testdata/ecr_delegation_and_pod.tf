{{if .Delegated -}}
resource "runpod_ecr_delegation" "app" {
  resource = "{{.ARN}}"
  name     = "app-images"
}

{{end -}}
resource "runpod_pod" "app" {
  name  = "app"
{{- if .Delegated}}
  image = "${runpod_ecr_delegation.app.docker_registry_uri}/${runpod_ecr_delegation.app.repository}:v1"
{{- else}}
  image = "{{.Image}}"
{{- end}}
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}
