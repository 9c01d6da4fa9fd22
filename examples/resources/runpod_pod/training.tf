# A training pod that writes checkpoints to a network volume. A network volume
# attaches only to Secure Cloud pods in its own data center, so the data center
# is chosen from the catalog: the ones that offer network storage and where two
# A100s are in stock for pods, best-stocked first.
#
# What bills: two A100 80GB on Secure Cloud (2 × the catalog price per hour,
# shown in the plan) while the pod runs, whether it is training or not; and
# the 200 GB volume, $0.07 per GB per month (about $14), from creation until
# it is destroyed, whatever the pod does.

data "runpod_data_centers" "with_storage" {
  network_volume_types = ["STANDARD"]
}

data "runpod_gpu_type" "a100" {
  id              = "NVIDIA A100 80GB PCIe"
  product         = "POD"
  gpu_count       = 2
  data_center_ids = data.runpod_data_centers.with_storage.data_centers[*].id
}

resource "runpod_network_volume" "checkpoints" {
  name    = "checkpoints"
  size_gb = 200
  # The best-stocked data center with storage. With no stock anywhere, the
  # plan fails on this placeholder instead of putting the volume where the
  # GPUs cannot run.
  data_center_id = try(data.runpod_gpu_type.a100.available_data_center_ids[0], "none-with-a100-stock")

  lifecycle {
    # Chosen once: stock moving later must not move (replace) the volume.
    ignore_changes = [data_center_id]
  }
}

resource "runpod_pod" "trainer" {
  name  = "trainer"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  args  = "python /checkpoints/train.py --resume-from /checkpoints/latest"

  gpu {
    type_id = data.runpod_gpu_type.a100.id
    count   = 2
    # Data loading needs the host's CPUs and memory too: only machines with
    # at least 8 vCPUs and 64 GB of RAM per GPU. The plan cannot check these
    # (the catalog publishes no machine shapes); no machine meeting them is
    # a refused apply, and raising one later replaces the pod.
    min_vcpu_count_per_gpu = 8
    min_ram_per_gpu        = 64
  }

  # Placed in the volume's data center, on Secure Cloud (the default).
  network_volume {
    volume_id = runpod_network_volume.checkpoints.id
    path      = "/checkpoints"
  }
}

output "trainer_data_center" {
  value = runpod_pod.trainer.data_center_id
}
