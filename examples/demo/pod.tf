# A pod next to the model weights: it mounts the demo-model-weights volume, so
# the plan places it in the volume's data center (on Secure Cloud) and checks
# the GPU's stock there. It is created and left stopped (desired_status =
# "EXITED"): the plan states its hourly price ("Pod Compute Cost") and what a
# stopped pod still bills.
#
# Even a stopped pod was placed on a GPU for a moment, so the demo creates it
# only against its fake API (seeded with the console-made template
# "legacyjup1", which no real account has). Against the real API this file
# plans nothing; set create_pod = true to opt in.

variable "create_pod" {
  type        = bool
  description = "Create the demo pod even outside the demo's fake API (it bills while it runs)."
  default     = false
}

data "runpod_templates" "for_pod" {}

locals {
  pod_demo_fake_api = contains(data.runpod_templates.for_pod.templates[*].id, "legacyjup1")
}

resource "runpod_pod" "demo" {
  count = local.pod_demo_fake_api || var.create_pod ? 1 : 0

  name           = "demo-inference"
  image          = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  desired_status = "EXITED"

  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
  }

  ports = ["8888/http"]

  network_volume {
    volume_id = runpod_network_volume.weights.id
    path      = "/workspace"
  }
}

output "pod_status" {
  value = one(runpod_pod.demo[*].status)
}

output "pod_data_center" {
  value = one(runpod_pod.demo[*].data_center_id)
}

# A running inference server that counts as created only once its app says
# it is up: after the pod runs with its port mapped, the apply waits until the
# container's log prints the ready_when line (the demo's fake API scripts that
# boot log). It bills while it runs, so, like the pod above, it is created
# only against the demo's fake API unless create_pod is set.
# The image comes from Runpod's public template catalog (the official PyTorch
# template, newest first) instead of a tag typed from memory.
data "runpod_catalog_templates" "pytorch" {
  source       = "official"
  serverless   = false
  image_prefix = "runpod/pytorch:"
}

resource "runpod_pod" "server" {
  count = local.pod_demo_fake_api || var.create_pod ? 1 : 0

  name  = "demo-server"
  image = data.runpod_catalog_templates.pytorch.templates[0].image
  args  = "python -m http.server 8000"
  ports = ["8000/http"]

  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
  }

  ready_when {
    log_line = "Serving HTTP on .* port 8000"
  }
}

output "server_url" {
  value = one(runpod_pod.server[*].proxy_urls["8000"])
}

output "server_image" {
  value = one(runpod_pod.server[*].image)
}
