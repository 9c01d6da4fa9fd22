data "runpod_network_volumes" "all" {}

# Total network storage the account pays for, in GB.
output "total_network_storage_gb" {
  value = sum(concat([0], [for v in data.runpod_network_volumes.all.network_volumes : v.size_gb]))
}
