# Model weights on a network volume next to the GPU that will read them.

# The data centers that offer network storage.
data "runpod_data_centers" "with_storage" {
  network_volume_types = ["STANDARD"]
}

# The GPU, with its stock for pods (on Secure Cloud, the default, where network
# volumes attach) counted only in those data centers.
data "runpod_gpu_type" "rtx4090" {
  id              = "NVIDIA GeForce RTX 4090"
  product         = "POD"
  data_center_ids = data.runpod_data_centers.with_storage.data_centers[*].id
}

locals {
  # The data centers where the RTX 4090 has stock for pods and that offer
  # network storage, best-stocked first.
  weights_data_centers = data.runpod_gpu_type.rtx4090.available_data_center_ids
}

resource "runpod_network_volume" "weights" {
  name    = "model-weights"
  size_gb = 200
  # The best-stocked of them. When none has stock, the plan fails on this
  # placeholder, which is no data center, instead of putting the weights
  # where the GPU cannot run.
  data_center_id = try(local.weights_data_centers[0], "none-with-rtx-4090-stock")

  lifecycle {
    # Chosen once, when the volume is created: stock moving elsewhere later
    # must not move the volume, which would replace it with an empty one.
    ignore_changes = [data_center_id]
  }
}

# Pods that use the volume must be created in the same data center.
output "weights_data_center" {
  value = runpod_network_volume.weights.data_center_id
}
