# The provider's read retries are quick, so that a test can exhaust them
# (4 retries by default) without waiting half a minute.
provider "runpod" {
  retry_wait_min_seconds = 1
  retry_wait_max_seconds = 1
}

resource "runpod_network_volume" "v" {
  name           = "{{.Name}}"
  size_gb        = {{.Size}}
  data_center_id = "EU-RO-1"
}
