# The last lines a pod's container printed, for an output and a check.
data "runpod_pod_logs" "app" {
  pod_id = "7h9k2m4n6p"
  source = "container"
  tail   = 20
}

output "app_log" {
  value = data.runpod_pod_logs.app.text
}

# Warns (without failing the run) when the app has not logged that it listens.
check "app_listening" {
  assert {
    condition     = anytrue([for l in data.runpod_pod_logs.app.lines : strcontains(l.text, "listening on 0.0.0.0:")])
    error_message = "The app has not logged \"listening on 0.0.0.0:<port>\" yet; its last lines:\n${data.runpod_pod_logs.app.text}"
  }
}
