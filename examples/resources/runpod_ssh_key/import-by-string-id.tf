import {
  to = runpod_ssh_key.laptop
  id = "SHA256:vURoX8c5f9jk2VAqkdDhsG8VkEiNtNS7dVs/Y9t2vtQ"
}
