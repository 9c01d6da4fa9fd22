# A pod made elsewhere (the console, another configuration), read by id.
data "runpod_pod" "shared" {
  id = "7h9k2m4n6p"
}

output "shared_pod" {
  value = {
    status     = data.runpod_pod.shared.status
    proxy_urls = data.runpod_pod.shared.proxy_urls
    cost       = data.runpod_pod.shared.cost_per_hr
  }
}
