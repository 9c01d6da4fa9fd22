resource "runpod_network_volume" "v" {
  name           = "{{.Name}}"
  size_gb        = {{.Size}}
  data_center_id = "EU-RO-1"
}

import {
  to = runpod_network_volume.v
  id = "{{.ID}}"
}
