# The real spend of one cluster, per day, over the last week.
data "runpod_cluster_billing" "train_week" {
  cluster_id  = runpod_cluster.train.id
  bucket_size = "day"
  last_n      = 7
}

output "train_spend_last_7_days" {
  value = data.runpod_cluster_billing.train_week.totals.total_amount
}

# Every cluster of the account, this month so far, in one bucket.
data "runpod_cluster_billing" "this_month" {
  start_time  = "2026-03-01T00:00:00Z"
  bucket_size = "month"
}

output "clusters_spend_this_month" {
  value = data.runpod_cluster_billing.this_month.totals.total_amount
}
