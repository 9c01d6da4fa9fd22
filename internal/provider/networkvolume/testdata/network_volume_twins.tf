resource "runpod_network_volume" "v" {
  name           = "twin"
  size_gb        = 40
  data_center_id = "EU-RO-1"
}

resource "runpod_network_volume" "second" {
  name            = "twin"
  size_gb         = 40
  data_center_id  = "EU-RO-1"
  allow_duplicate = true
}
