import {
  to = runpod_secret.hf_token
  id = "2q9m7x4cavgd"
}
