list "runpod_registry_auth" "team" {
  provider = runpod
  config {
    name_prefix = "team-"
  }
}
list "runpod_registry_auth" "exact" {
  provider         = runpod
  include_resource = true
  config {
    name = "team-ghcr"
  }
}
