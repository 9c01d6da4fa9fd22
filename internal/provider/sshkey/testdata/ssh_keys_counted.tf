locals {
  keys = [
{{- range .Keys}}
    {{printf "%q" .}},
{{- end}}
  ]
}
resource "runpod_ssh_key" "k" {
  count      = length(local.keys)
  public_key = local.keys[count.index]
}
