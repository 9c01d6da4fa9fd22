# The account's delegations of one repository. `terraform query` prints one
# line per delegation, `NAME (ID, REPOSITORY in REGION)`. Configuration
# generated with `-generate-config-out=generated.tf` carries the repository's
# ARN as `resource` and plans to the import alone.
list "runpod_ecr_delegation" "app" {
  provider = runpod

  config {
    repository = "runpod/deployment"
  }
}
