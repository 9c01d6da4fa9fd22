resource "runpod_template" "app" {
  name  = "app"
  image = "runpod/base:0.6.2"
}

resource "runpod_pod" "web" {
  name        = "web"
  template_id = runpod_template.app.id
  gpu { type_id = "{{.GPU}}" }
}
