# Let Runpod pull images from a private Amazon ECR repository without a
# stored password.
resource "runpod_ecr_delegation" "app" {
  resource = "arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment"
  name     = "app-images"
}

# A pod whose image is in that repository: DOCKER_REGISTRY_URI/REPOSITORY:TAG.
resource "runpod_pod" "app" {
  name  = "app"
  image = "${runpod_ecr_delegation.app.docker_registry_uri}/${runpod_ecr_delegation.app.repository}:v1"
  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
  }
}
