# main.tf after the edit: runpod-1x.tf rewritten for runpod-tf/runpod.
# Every object keeps its resource address; only the registry credential's
# type changes (runpod_container_registry_auth is runpod_registry_auth here),
# which moved.tf tells Terraform.

variable "registry_password" {
  description = "The registry's password or access token."
  type        = string
  sensitive   = true
}

resource "runpod_registry_auth" "ghcr" {
  name     = "ghcr-acme"
  username = "acme-bot"
  # Write-only (Terraform 1.11+, OpenTofu 1.11+): in neither plan nor state.
  password_wo         = var.registry_password
  password_wo_version = 1
}

resource "runpod_network_volume" "models" {
  name           = "models"
  size_gb        = 50 # was size
  data_center_id = "EU-RO-1"
}

resource "runpod_template" "worker" {
  name              = "llm-worker"
  image             = "ghcr.io/acme/llm-worker:1.4.0" # was image_name
  serverless        = true                            # was is_serverless
  container_disk_gb = 20                              # was container_disk_in_gb
  registry_auth_id  = runpod_registry_auth.ghcr.id    # was container_registry_auth_id
}

resource "runpod_pod" "dev" {
  name              = "dev"
  image             = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  container_disk_gb = 50                      # was container_disk_in_gb
  ports             = ["8888/http", "22/tcp"] # was ports = "8888/http,22/tcp"
  start_ssh         = true

  gpu {
    type_id = "NVIDIA GeForce RTX 4090" # was gpu_type_id
    count   = 1                         # was gpu_count
  }
}

resource "runpod_endpoint" "inference" {
  name         = "llm-inference"
  type         = "QUEUE" # new: QUEUE or LOAD_BALANCER
  template_id  = runpod_template.worker.id
  gpu_pools    = ["ADA_24"] # was gpu_type_ids: pools group GPU types (runpod_gpu_types)
  workers_min  = 0
  workers_max  = 3
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}

resource "runpod_cluster" "train" {
  name              = "llm-finetune"
  type              = "TRAINING"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404" # was image_name
  ports             = ["22/tcp"]                                        # was ports = "22/tcp"
  start_ssh         = true
}

resource "runpod_ecr_delegation" "app" {
  resource = "arn:aws:ecr:us-east-2:418399314813:repository/acme/app"
  name     = "app-images"
}
