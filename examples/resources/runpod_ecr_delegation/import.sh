# An ECR delegation is imported by its id, listed by the
# runpod_ecr_delegations data source. Runpod does not return the ARN it was
# registered with; the import sets `resource` to the ARN of the repository
# the delegation names, so a configuration with that ARN plans no change.
terraform import runpod_ecr_delegation.app deleg_abc123
