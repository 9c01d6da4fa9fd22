data "runpod_network_volume" "by_name" {
  name = "console-made"
}
data "runpod_network_volume" "by_id" {
  id = "aaaadup002"
}
data "runpod_network_volumes" "all" {}
