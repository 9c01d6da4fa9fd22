data "runpod_secrets" "all" {}

# When each secret's value was last set.
output "secret_rotations" {
  value = { for s in data.runpod_secrets.all.secrets : s.name => s.value_last_updated_at }
}
