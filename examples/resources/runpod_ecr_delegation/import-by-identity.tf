# Terraform 1.12 and later (and OpenTofu 1.12): an import block names the
# object by its identity. `terraform query` prints blocks of this form.
import {
  to = runpod_ecr_delegation.app
  identity = {
    id = "deleg_abc123"
  }
}
