# GPU types with at least 48 GB of memory, with stock for pods right now.
data "runpod_gpu_types" "large" {
  product       = "POD"
  min_memory_gb = 48
}

output "large_gpus_in_stock" {
  value = {
    for g in data.runpod_gpu_types.large.gpu_types : g.id => {
      usd_per_hour = g.price.secure
      data_centers = g.available_data_center_ids
    } if g.availability != "NONE"
  }
}
