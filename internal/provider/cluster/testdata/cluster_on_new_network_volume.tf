resource "runpod_network_volume" "ckpt" {
  name           = "checkpoints"
  size_gb        = 100
  data_center_id = "US-TX-3"
}

resource "runpod_cluster" "c" {
  name              = "ckpt"
  type              = "TRAINING"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  data_center_ids   = {{.DataCenterIDs}}
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  ports             = ["22/tcp", "8888/http"]
  network_volume {
    volume_id = runpod_network_volume.ckpt.id
    path      = "/checkpoints"
  }
}
