list "runpod_registry_auth" "team" {
  provider         = runpod
  include_resource = true
  config {
    name_prefix = "team-"
  }
}
