# moved.tf: the one type whose name differs between the two providers.
moved {
  from = runpod_container_registry_auth.ghcr
  to   = runpod_registry_auth.ghcr
}
