list "runpod_secret" "team" {
  provider         = runpod
  include_resource = true
  config {
    name_prefix = "team_"
  }
}
