list "runpod_ssh_key" "all" {
  provider = runpod
}
list "runpod_ssh_key" "mine" {
  provider = runpod
  config {
    name_prefix = "me@"
  }
}
list "runpod_ssh_key" "exact" {
  provider         = runpod
  include_resource = true
  config {
    name = "me@laptop"
  }
}
