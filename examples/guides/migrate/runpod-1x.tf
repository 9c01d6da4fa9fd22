# main.tf before the edit, as runpod/runpod 1.0.8 took it (for comparison:
# this file is not used with runpod-tf/runpod).
terraform {
  required_providers {
    runpod = {
      source  = "runpod/runpod"
      version = "1.0.8"
    }
  }
}

resource "runpod_container_registry_auth" "ghcr" {
  name     = "ghcr-acme"
  username = "acme-bot"
  password = var.registry_password
}

resource "runpod_network_volume" "models" {
  name           = "models"
  size           = 50
  data_center_id = "EU-RO-1"
}

resource "runpod_template" "worker" {
  name                       = "llm-worker"
  image_name                 = "ghcr.io/acme/llm-worker:1.4.0"
  is_serverless              = true
  container_disk_in_gb       = 20
  container_registry_auth_id = runpod_container_registry_auth.ghcr.id
}

resource "runpod_pod" "dev" {
  name                 = "dev"
  image_name           = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu_type_id          = "NVIDIA GeForce RTX 4090"
  gpu_count            = 1
  container_disk_in_gb = 50
  ports                = "8888/http,22/tcp"
  start_ssh            = true
}

resource "runpod_endpoint" "inference" {
  name         = "llm-inference"
  template_id  = runpod_template.worker.id
  gpu_type_ids = ["NVIDIA GeForce RTX 4090"]
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
  image_name        = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  ports             = "22/tcp"
  start_ssh         = true
}

resource "runpod_ecr_delegation" "app" {
  resource = "arn:aws:ecr:us-east-2:418399314813:repository/acme/app"
  name     = "app-images"
}
