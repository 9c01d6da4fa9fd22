import {
  to = runpod_registry_auth.ghcr
  id = "6n2k8v4d"
}
