# A private image on a cluster: the cluster API takes no registry
# credential, so the credential goes on a template and the cluster is
# created from the template.

variable "ghcr_token" {
  type      = string
  sensitive = true
  ephemeral = true
}

# 1. The registry credential (write-only: in neither plan nor state).
resource "runpod_registry_auth" "ghcr" {
  name                = "ghcr-acme"
  username            = "acme-ci-bot"
  password_wo         = var.ghcr_token
  password_wo_version = 1
}

# 2. A pod template with the private image and the credential.
resource "runpod_template" "trainer" {
  name             = "acme-trainer"
  image            = "ghcr.io/acme/trainer:2.3.0"
  registry_auth_id = runpod_registry_auth.ghcr.id
  ports            = ["22/tcp"]
  env = {
    WANDB_PROJECT = "llm-finetune"
  }
}

# 3. The cluster: every member is created from the template. The inline
# container settings (image, env, ports, ...) and mounts cannot be set here.
resource "runpod_cluster" "private" {
  name              = "acme-slurm"
  type              = "SLURM"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 4
  template_id       = runpod_template.trainer.id
}
