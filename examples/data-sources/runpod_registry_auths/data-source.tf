data "runpod_registry_auths" "all" {}

# Credential ids by name, e.g. to set a template's registry_auth_id.
output "registry_auth_ids" {
  value = { for r in data.runpod_registry_auths.all.registry_auths : r.name => r.id }
}
