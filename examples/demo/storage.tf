# Model weights on a network volume next to the GPU that will read them: the
# data centers where the RTX 4090 has stock for pods (on Secure Cloud, where
# network volumes attach) and that offer network storage, best-stocked first.
# The plan shows the volume's monthly cost as a warning.

data "runpod_data_centers" "with_storage" {
  network_volume_types = ["STANDARD"]
}

data "runpod_gpu_type" "rtx4090" {
  id              = "NVIDIA GeForce RTX 4090"
  product         = "POD"
  data_center_ids = data.runpod_data_centers.with_storage.data_centers[*].id
}

resource "runpod_network_volume" "weights" {
  name           = "demo-model-weights"
  size_gb        = 100
  data_center_id = try(data.runpod_gpu_type.rtx4090.available_data_center_ids[0], "none-with-rtx-4090-stock")

  lifecycle {
    # Chosen once, at creation: later stock changes must not move (replace,
    # and so empty) the volume.
    ignore_changes = [data_center_id]
  }
}

output "weights_data_center" {
  value = runpod_network_volume.weights.data_center_id
}
