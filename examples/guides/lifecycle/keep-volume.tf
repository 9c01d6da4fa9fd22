# A volume of datasets that outlives the workspace that made it: `terraform
# destroy` removes the pod and forgets the volume, which stays in Runpod with
# its data (and keeps billing for its storage). Another configuration adopts
# it later with an import block.
resource "runpod_network_volume" "datasets" {
  name           = "datasets"
  size_gb        = 100
  data_center_id = "EU-RO-1"

  lifecycle {
    destroy = false
  }
}

resource "runpod_pod" "trainer" {
  name  = "trainer"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"

  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
  }

  data_center_ids = [runpod_network_volume.datasets.data_center_id]

  network_volume {
    volume_id = runpod_network_volume.datasets.id
    path      = "/datasets"
  }
}
