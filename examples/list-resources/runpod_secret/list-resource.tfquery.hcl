# The team's secrets. `terraform query` prints one line per secret,
# `NAME (ID)`. Runpod never returns a value: configuration generated with
# `-generate-config-out=generated.tf` has `value_wo = null # sensitive` and
# `value_wo_version = null`, which must be filled in (say from an ephemeral
# variable, with value_wo_version = 1) before it plans. The first apply then
# imports each secret and sends that value.
list "runpod_secret" "team" {
  provider = runpod

  config {
    name_prefix = "team_"
  }
}
