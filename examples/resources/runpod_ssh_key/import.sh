# An SSH key is imported by its SHA256 fingerprint, as printed by
# `ssh-keygen -lf ~/.ssh/id_ed25519.pub` or the runpod_ssh_keys data source.
terraform import runpod_ssh_key.laptop SHA256:vURoX8c5f9jk2VAqkdDhsG8VkEiNtNS7dVs/Y9t2vtQ
