# The account's whole key set: after an apply the account holds exactly these
# keys. If the account already has keys, import it first (see below) so that
# the plan shows which keys an apply would remove.
resource "runpod_ssh_keys" "all" {
  keys = [
    file("~/.ssh/id_ed25519.pub"),
    "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBCwevDA2iOxyW5j6eOcG/MfTaND+tNN+s664Cr8/bqUYltOTSC3n0QiPhZaLsK6MFXzZXrVti9eZ8smLUfN/Aco= ci@example.com",
  ]
}
