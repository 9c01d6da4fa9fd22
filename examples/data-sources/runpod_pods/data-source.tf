# Every pod of the account, instant-cluster members included.
data "runpod_pods" "all" {
  include_cluster_pods = true
}

# What the running pods cost per hour right now, in USD (stopped pods report
# 0; their volume disks still bill).
output "hourly_spend" {
  value = format("%.2f", sum(concat([0], [for p in data.runpod_pods.all.pods : p.cost_per_hr])))
}

output "running" {
  value = [for p in data.runpod_pods.all.pods : p.name if p.status == "RUNNING"]
}
