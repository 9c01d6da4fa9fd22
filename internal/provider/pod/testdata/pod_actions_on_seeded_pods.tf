action "runpod_pod_stop" "locked" {
  config {
    pod_id = "{{.Locked}}"
  }
}

action "runpod_pod_start" "parked" {
  config {
    pod_id = "{{.Parked}}"
  }
}

action "runpod_pod_restart" "parked" {
  config {
    pod_id = "{{.Parked}}"
  }
}

action "runpod_pod_stop" "member" {
  config {
    pod_id = "{{.Member}}"
  }
}

action "runpod_pod_stop" "missing" {
  config {
    pod_id = "nosuchpod"
  }
}
