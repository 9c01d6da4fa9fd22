# Adds one key to the account, next to keys managed elsewhere or added in the
# console, which are left alone.
resource "runpod_ssh_key" "laptop" {
  public_key = file("~/.ssh/id_ed25519.pub")
}

# One resource per team member; they can be applied in parallel. Another
# Terraform run managing other keys of the same account at the same time is
# safe too: each change is read back after a short wait and made again if the
# other run undid it (see the resource description for the limits).
resource "runpod_ssh_key" "team" {
  for_each   = fileset(path.module, "keys/*.pub")
  public_key = file("${path.module}/${each.value}")
}
