data "runpod_billing" "pods" {
  kind       = "pods"
  start_time = "{{.Start}}"
  end_time   = "{{.End}}"
}
data "runpod_billing" "pod_b" {
  kind        = "pods"
  resource_id = "podB"
  bucket_size = "week"
  start_time  = "{{.Start}}"
  end_time    = "{{.End}}"
}
data "runpod_billing" "all" {
  kind       = "all"
  start_time = "{{.Start}}"
  end_time   = "{{.End}}"
}
data "runpod_billing" "volumes" {
  kind       = "network_volumes"
  start_time = "{{.Start}}"
  end_time   = "{{.End}}"
}
data "runpod_billing" "public" {
  kind        = "public_endpoints"
  bucket_size = "month"
  start_time  = "{{.Start}}"
  end_time    = "{{.End}}"
}
data "runpod_billing" "empty" {
  kind       = "serverless"
  start_time = "2026-01-01T00:00:00Z"
  end_time   = "2026-01-02T00:00:00Z"
}
