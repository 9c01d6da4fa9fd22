resource "runpod_secret" "s" {
  name  = "{{.Name}}"
  value = "v"
}
