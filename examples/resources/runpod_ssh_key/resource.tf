# Adds one key to the account, next to keys managed elsewhere or added in the
# console, which are left alone.
resource "runpod_ssh_key" "laptop" {
  public_key = file("~/.ssh/id_ed25519.pub")
}

# One resource per team member; they can be applied in parallel.
resource "runpod_ssh_key" "team" {
  for_each   = fileset(path.module, "keys/*.pub")
  public_key = file("${path.module}/${each.value}")
}
