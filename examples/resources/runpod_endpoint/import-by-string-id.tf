import {
  to = runpod_endpoint.inference
  id = "4m7x2k9q"
}
