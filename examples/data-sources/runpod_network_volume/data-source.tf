# Read a volume by id ...
data "runpod_network_volume" "by_id" {
  id = "agv6w2qcg7"
}

# ... or by name, when no other volume has it.
data "runpod_network_volume" "by_name" {
  name = "model-weights"
}

# Compute that mounts the volume must run in its data center.
output "weights_data_center" {
  value = data.runpod_network_volume.by_name.data_center_id
}
