import {
  to = runpod_network_volume.datasets
  id = "agv6w2qcg7"
}
