# Terraform 1.12 and later (and OpenTofu 1.12): an import block names the
# object by its identity. `terraform query` prints blocks of this form.
import {
  to = runpod_ssh_key.laptop
  identity = {
    id = "SHA256:vURoX8c5f9jk2VAqkdDhsG8VkEiNtNS7dVs/Y9t2vtQ"
  }
}
