# The demo configuration: what `make demo` plans, applies, drifts, imports
# into and destroys against the fake Runpod API. Against the real API
# (RUNPOD_API_KEY set, no RUNPOD_API_URL) the templates, credentials and the
# network volume in storage.tf would be created, and the volume bills from
# creation until destroyed; the pod and the cluster are created only against
# the fake unless you opt in (pod.tf, cluster.tf).

terraform {
  required_providers {
    runpod = {
      source = "runpod-tf/runpod"
    }
  }
}

provider "runpod" {}

# A pod template for interactive work.
resource "runpod_template" "jupyter" {
  name              = "demo-pytorch-jupyter"
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  container_disk_gb = 50
  ports             = ["8888/http", "22/tcp"]
  env = {
    HF_HOME = "/workspace/hf"
  }
  persistent_volume {
    size_gb = 20
    path    = "/workspace"
  }
}

# A serverless worker template, command in exec form.
resource "runpod_template" "worker" {
  name          = "demo-vllm-worker"
  image         = "runpod/worker-v1-vllm:v2.7.0"
  serverless    = true
  cmd           = ["python3", "-u", "handler.py"]
  start_ssh     = false
  start_jupyter = false
}

data "runpod_templates" "all" {
  # After the endpoint, whose own bound template the list then includes.
  depends_on = [runpod_template.jupyter, runpod_template.worker, runpod_endpoint.demo]
}

output "jupyter_template_id" {
  value = runpod_template.jupyter.id
}

output "template_names" {
  value = [for t in data.runpod_templates.all.templates : t.name]
}
