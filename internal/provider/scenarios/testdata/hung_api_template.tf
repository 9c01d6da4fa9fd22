provider "runpod" {
  request_timeout_seconds = 1
  max_retries             = 1
}

resource "runpod_template" "t" {
  name  = "hung-api"
  image = "runpod/base:0.7.0"
}
