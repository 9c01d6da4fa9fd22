list "runpod_pod" "all" {
  provider         = runpod
  include_resource = true
  config {
    include_cluster_pods = true
  }
}
