data "runpod_ssh_keys" "registered" {}

output "ssh_key_fingerprints" {
  value = [for k in data.runpod_ssh_keys.registered.keys : "${k.fingerprint} ${coalesce(k.comment, "")}"]
}
