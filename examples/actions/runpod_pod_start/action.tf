# Start a stopped pod that this configuration does not manage (made in the
# console, say), by its id, and wait up to 30 minutes for it to run with its
# ports mapped:
#
#   terraform apply -invoke=action.runpod_pod_start.batch -var batch_pod_id=...
#
# A stopped pod resumes on the machine it was created on: if that machine's
# GPUs were taken meanwhile, Runpod refuses the start and the pod stays
# stopped.
variable "batch_pod_id" {
  type        = string
  description = "Id of the stopped pod to start."
}

action "runpod_pod_start" "batch" {
  config {
    pod_id = var.batch_pod_id
    timeouts {
      invoke = "30m"
    }
  }
}
