# adopt.tfquery.hcl: what to look for. Each list block finds objects of one
# type; the filters narrow a big account to what this configuration should own.
list "runpod_template" "team" {
  provider = runpod
  config {
    name_prefix = "team-"
  }
}

list "runpod_network_volume" "models" {
  provider = runpod
  config {
    data_center_id = "EU-RO-1"
  }
}

list "runpod_pod" "running" {
  provider         = runpod
  include_resource = true
  config {
    status = "RUNNING"
  }
}
