list "runpod_secret" "team" {
  provider = runpod
  config {
    name_prefix = "team_"
  }
}
list "runpod_secret" "exact" {
  provider         = runpod
  include_resource = true
  config {
    name = "team_hf"
  }
}
