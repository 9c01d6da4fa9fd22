list "runpod_ecr_delegation" "app" {
  provider         = runpod
  include_resource = true
  config {
    repository = "runpod/deployment"
  }
}
