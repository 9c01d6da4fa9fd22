resource "runpod_pod" "p" {
  name  = "console-made"
  image = "runpod/base:0.7.0"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  ports           = ["22/tcp"]
  start_ssh       = {{.StartSSH}}
  data_center_ids = ["{{.DataCenterID}}"]
}
