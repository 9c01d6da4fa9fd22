data "runpod_ecr_delegations" "all" {}

# The delegated repositories, by delegation id.
output "delegated_repositories" {
  value = { for d in data.runpod_ecr_delegations.all.ecr_delegations : d.id => d.resource }
}
