# The team's registry credentials. `terraform query` prints one line per
# credential, `NAME (ID)`. Runpod never returns a username or password:
# configuration generated with `-generate-config-out=generated.tf` has
# `username = null # sensitive`, `password_wo = null # sensitive` and
# `password_wo_version = null`, which must be filled in before it plans. The
# first apply then imports each credential and records them in state, without
# sending them to Runpod or replacing the credential.
list "runpod_registry_auth" "team" {
  provider = runpod

  config {
    name_prefix = "team-"
  }
}
