# A delegation registered elsewhere, by name (or by id).
data "runpod_ecr_delegation" "app" {
  name = "app-images"
}

output "app_image" {
  value = "${data.runpod_ecr_delegation.app.docker_registry_uri}/${data.runpod_ecr_delegation.app.repository}:v1"
}
