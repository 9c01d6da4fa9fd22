action "runpod_pod_restart" "r" {
  config {
    pod_id = "{{.PodID}}"
    timeouts {
      invoke = "{{.Invoke}}"
    }
  }
}
