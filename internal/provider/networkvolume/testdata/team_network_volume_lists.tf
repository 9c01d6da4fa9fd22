list "runpod_network_volume" "team" {
  provider = runpod
  config {
    name_prefix = "team-"
  }
}
list "runpod_network_volume" "romania" {
  provider = runpod
  config {
    name_prefix    = "team-"
    data_center_id = "EU-RO-1"
  }
}
list "runpod_network_volume" "exact" {
  provider         = runpod
  include_resource = true
  config {
    name = "team-fast"
  }
}
