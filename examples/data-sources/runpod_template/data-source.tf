# Read a template by name (names are unique in an account) ...
data "runpod_template" "by_name" {
  name = "pytorch-jupyter"
}

# ... or by id.
data "runpod_template" "by_id" {
  id = "30zmvf89kd"
}

output "image" {
  value = data.runpod_template.by_name.image
}
