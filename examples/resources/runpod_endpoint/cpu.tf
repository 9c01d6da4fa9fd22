# A CPU endpoint for light pre- and post-processing.
#
# What bills: nothing while idle (workers_min = 0). Each flex worker bills
# per second for 4 vCPUs while it runs a job, plus the idle timeout.
resource "runpod_endpoint" "resize" {
  name  = "image-resize"
  type  = "QUEUE"
  image = "ghcr.io/acme/resize:2.0.1"

  # One block per CPU configuration, in order of preference.
  cpu {
    type_id    = "cpu3c"
    vcpu_count = 4
  }
  cpu {
    type_id    = "cpu5c"
    vcpu_count = 4
  }

  workers_max  = 3
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 2
}
