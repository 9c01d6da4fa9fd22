resource "runpod_registry_auth" "r" {
  name                = "x"
  username            = "u"
  password            = "a"
  password_wo         = "b"
  password_wo_version = 1
}
