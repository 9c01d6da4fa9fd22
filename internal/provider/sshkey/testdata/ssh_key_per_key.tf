{{- range $i, $key := .Keys}}
resource "runpod_ssh_key" "k{{$i}}" {
  public_key = {{printf "%q" $key}}
}
{{- end}}
