# An Instant Cluster: two pods with one A100 each. The plan states what it
# costs per hour (a "Cluster GPU Cost" warning) and checks cluster stock in
# the data center before anything is created.
#
# A cluster bills every GPU from creation until it is destroyed, so the demo
# creates it only against its fake API: the fake is seeded with the
# console-made template "legacyjup1", which no real account has. Against the
# real API this file plans nothing; set create_cluster = true to opt in.

variable "create_cluster" {
  type        = bool
  description = "Create the demo cluster even outside the demo's fake API (it bills while it exists)."
  default     = false
}

data "runpod_templates" "for_cluster" {}

locals {
  demo_fake_api = contains(data.runpod_templates.for_cluster.templates[*].id, "legacyjup1")
}

resource "runpod_cluster" "demo" {
  count = local.demo_fake_api || var.create_cluster ? 1 : 0

  name              = "demo-training"
  type              = "TRAINING"
  gpu_type_id       = "NVIDIA A100 80GB PCIe"
  gpu_count_per_pod = 1
  pod_count         = 2
  data_center_ids   = ["US-KS-2"]

  image = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  ports = ["22/tcp"]
}

output "cluster_estimated_cost_per_hour" {
  value = one(runpod_cluster.demo[*].estimated_cost_per_hour)
}

output "cluster_primary_ssh" {
  value = one(runpod_cluster.demo[*].primary_ssh_endpoint)
}
