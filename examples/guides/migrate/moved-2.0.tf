# moved-2.0.tf: the types whose names differ between runpod/runpod 2.0 and
# this provider.
moved {
  from = runpod_registry.ghcr
  to   = runpod_registry_auth.ghcr
}

moved {
  from = runpod_serverless_endpoint.inference
  to   = runpod_endpoint.inference
}

moved {
  from = runpod_registry_delegation.app
  to   = runpod_ecr_delegation.app
}
