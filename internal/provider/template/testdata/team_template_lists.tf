list "runpod_template" "team" {
  provider = runpod
  config {
    name_prefix = "team-"
  }
}
list "runpod_template" "pods" {
  provider = runpod
  config {
    name_prefix = "team-"
    serverless  = false
  }
}
list "runpod_template" "with_bound" {
  provider = runpod
  config {
    name_prefix                = "team-"
    include_endpoint_templates = true
  }
}
list "runpod_template" "exact" {
  provider         = runpod
  include_resource = true
  config {
    name = "team-infer"
  }
}
