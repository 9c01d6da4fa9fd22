data "runpod_data_centers" "all" {}
data "runpod_data_centers" "storage" {
  network_volume_types = ["STANDARD"]
}
data "runpod_data_centers" "fast_storage" {
  network_volume_types = ["STANDARD", "HIGH_PERFORMANCE"]
}
data "runpod_data_centers" "eu" {
  regions    = ["EUROPE"]
  compliance = ["GDPR"]
}
data "runpod_data_centers" "eu_global" {
  regions        = ["EUROPE", "ASIA"]
  global_network = true
}
