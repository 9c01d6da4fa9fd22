import {
  to = runpod_template.t
  id = "{{.Template}}"
}
resource "runpod_template" "t" {
  name  = "console-tmpl"
  image = "busybox:1"
}

import {
  to = runpod_network_volume.v
  id = "{{.Volume}}"
}
resource "runpod_network_volume" "v" {
  name           = "console-vol"
  size_gb        = 20
  data_center_id = "EU-RO-1"
}

import {
  to = runpod_registry_auth.r
  id = "{{.Registry}}"
}
resource "runpod_registry_auth" "r" {
  name     = "console-reg"
  username = "bot"
  password = "pw"
}

import {
  to = runpod_secret.s
  id = "{{.Secret}}"
}
resource "runpod_secret" "s" {
  name  = "console_secret"
  value = "v"
}

import {
  to = runpod_ssh_key.k
  id = "{{.KeyID}}"
}
resource "runpod_ssh_key" "k" {
  public_key = "{{.Key}}"
}
