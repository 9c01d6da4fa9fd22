# What each pod cost over the last 7 days (today's partial day included),
# in USD, keyed by pod id.
data "runpod_billing" "pods_last_week" {
  kind        = "pods"
  bucket_size = "day"
  last_n      = 7
}

output "pod_spend_last_week" {
  value = data.runpod_billing.pods_last_week.total_by_resource
}

# The whole account in a closed, past window (a steady plan): one record per
# day, each amount broken out by kind (pod_gpu_amount, cluster_gpu_amount, ...).
data "runpod_billing" "march" {
  kind        = "all"
  start_time  = "2026-03-01T00:00:00Z"
  end_time    = "2026-04-01T00:00:00Z"
  bucket_size = "month"
}

output "account_spend_march" {
  value = data.runpod_billing.march.total_amount
}
