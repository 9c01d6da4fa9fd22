data "runpod_endpoint_releases" "inference" {
  endpoint_id = runpod_endpoint.inference.id
}

# The current release (the newest) and the fields it changed.
output "current_release" {
  value = {
    version = data.runpod_endpoint_releases.inference.endpoint_version
    changed = [for d in data.runpod_endpoint_releases.inference.releases[0].diff : d.field] # e.g. ["template.imageName"]
  }
}

# Warns on every plan while some workers still run an older release.
check "inference_rolled_out" {
  assert {
    condition     = !data.runpod_endpoint_releases.inference.rollout.in_progress
    error_message = "Only ${data.runpod_endpoint_releases.inference.rollout.percent_on_latest}% of the workers of ${runpod_endpoint.inference.name} run its current release."
  }
}
