list "runpod_template" "all" {
  provider = runpod
}
list "runpod_pod" "all" {
  provider = runpod
}
list "runpod_cluster" "all" {
  provider = runpod
}
list "runpod_endpoint" "all" {
  provider = runpod
}
list "runpod_network_volume" "all" {
  provider = runpod
}
list "runpod_registry_auth" "all" {
  provider = runpod
}
list "runpod_secret" "all" {
  provider = runpod
}
list "runpod_ssh_key" "all" {
  provider = runpod
}
