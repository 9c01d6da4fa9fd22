# One team's share of an account that was set up in the console: its
# datasets volume and its notebook template. The import blocks adopt them the
# first time a root module calls this module; afterwards they do nothing.
variable "team" {
  description = "The team's name, which starts the names of its objects."
  type        = string
}

variable "volume_id" {
  description = "The id of the team's existing network volume (runpod_network_volumes lists them)."
  type        = string
}

variable "template_id" {
  description = "The id of the team's existing notebook template (runpod_templates lists them)."
  type        = string
}

import {
  to = runpod_network_volume.datasets
  id = var.volume_id
}

resource "runpod_network_volume" "datasets" {
  name           = "${var.team}-datasets"
  size_gb        = 200
  data_center_id = "EU-RO-1"
}

import {
  to = runpod_template.notebook
  id = var.template_id
}

resource "runpod_template" "notebook" {
  name  = "${var.team}-notebook"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
}
