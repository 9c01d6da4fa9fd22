data "runpod_endpoint_workers" "w" {
  endpoint_id = "{{.Inference}}"
}
data "runpod_endpoint_workers" "idle" {
  endpoint_id = "{{.Idle}}"
}
data "runpod_endpoint_workers" "slow" {
  endpoint_id = "{{.Slow}}"
}
