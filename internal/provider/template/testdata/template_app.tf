resource "runpod_template" "app" {
  name  = "app"
  image = "runpod/base:0.6.2"
}
