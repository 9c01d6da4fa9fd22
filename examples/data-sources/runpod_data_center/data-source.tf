data "runpod_data_center" "ro" {
  id = "EU-RO-1"
}

# Whether network volumes can be created there, and which GPUs it stocks.
output "ro_offers_storage" {
  value = length(data.runpod_data_center.ro.network_volume_types) > 0
}

output "ro_gpus_in_stock" {
  value = [for g in data.runpod_data_center.ro.gpu_availability : g.id if g.availability != "NONE"]
}
