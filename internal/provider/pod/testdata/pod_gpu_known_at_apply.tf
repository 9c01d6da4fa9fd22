resource "terraform_data" "gpu" {
  input = "RTX 4090"
}

resource "runpod_pod" "p" {
  name  = "late"
  image = "runpod/base:0.7.0"
  gpu { type_id = terraform_data.gpu.output }
}
