data "runpod_cluster" "by_id" {
  id = runpod_cluster.c.id
}
data "runpod_cluster" "by_name" {
  name       = "slurm"
  depends_on = [runpod_cluster.c]
}
data "runpod_clusters" "all" {
  depends_on = [runpod_cluster.c]
}
data "runpod_cluster_pods" "members" {
  cluster_id = runpod_cluster.c.id
}
data "runpod_cluster_billing" "mine" {
  cluster_id  = runpod_cluster.c.id
  bucket_size = "day"
  last_n      = 2
}
data "runpod_cluster_billing" "all" {
  start_time = "2026-03-09T06:00:00Z"
  end_time   = "2026-03-10T13:00:00Z"
}
