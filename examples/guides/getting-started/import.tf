# import.tf: adopt a volume and a pod made in the console instead of creating
# them. Their ids are in the console, or in the runpod_network_volumes and
# runpod_pods data sources.
import {
  to = runpod_network_volume.workspace
  id = "a1b2c3d4e5"
}

import {
  to = runpod_pod.dev
  id = "7h9k2m4n6p"
}
