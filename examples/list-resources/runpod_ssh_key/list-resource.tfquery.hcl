# The keys whose comment starts with "me@". `terraform query` prints one line
# per key, `COMMENT (FINGERPRINT)`; with `-generate-config-out=generated.tf`
# it writes a runpod_ssh_key and an import block for each, which plan to the
# imports alone and leave the account's other keys alone.
list "runpod_ssh_key" "mine" {
  provider = runpod

  config {
    name_prefix = "me@"
  }
}
