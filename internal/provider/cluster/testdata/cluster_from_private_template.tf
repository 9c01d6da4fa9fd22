resource "runpod_registry_auth" "ghcr" {
  name     = "ghcr-bot"
  username = "acme-ci-bot"
  password = "not-a-real-token"
}

resource "runpod_template" "trainer" {
  name             = "private-trainer"
  image            = "ghcr.io/acme/private-trainer:1.0"
  registry_auth_id = runpod_registry_auth.ghcr.id
  ports            = ["22/tcp"]
  start_jupyter    = false
}

resource "runpod_cluster" "c" {
  name              = "private"
  type              = "SLURM"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  template_id       = runpod_template.trainer.id
  {{.Extra}}
}
