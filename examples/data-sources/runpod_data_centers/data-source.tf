# Data centers in Europe, GDPR-compliant, where network volumes can be created.
data "runpod_data_centers" "eu_storage" {
  regions              = ["EUROPE"]
  compliance           = ["GDPR"]
  network_volume_types = ["STANDARD"]
}

output "eu_storage_data_centers" {
  value = data.runpod_data_centers.eu_storage.data_centers[*].id
}
