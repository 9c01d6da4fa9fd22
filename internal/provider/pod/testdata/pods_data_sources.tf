data "runpod_pods" "mine" {}
data "runpod_pods" "all" {
  include_cluster_pods = true
}
data "runpod_pods" "named" {
  name = "solo"
}
data "runpod_pod" "solo" {
  id = "{{.Solo}}"
}
data "runpod_pod" "member" {
  id = "{{.Member}}"
}
