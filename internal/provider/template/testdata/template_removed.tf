removed {
  from = runpod_template.{{.Label}}
  lifecycle {
    destroy = false
  }
}
