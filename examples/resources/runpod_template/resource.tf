# A pod template for interactive work: JupyterLab over Runpod's HTTPS proxy and
# SSH on a public TCP port, with a host-local workspace volume.
resource "runpod_template" "pytorch" {
  name              = "pytorch-jupyter"
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  container_disk_gb = 50
  ports             = ["8888/http", "22/tcp"]

  persistent_volume {
    size_gb = 20
    path    = "/workspace"
  }

  env = {
    HF_HOME = "/workspace/hf"
  }

  allowed_cuda_versions = ["12.8", "12.9"]
}

# A serverless worker template with an explicit command in exec form.
resource "runpod_template" "worker" {
  name       = "vllm-worker"
  image      = "runpod/worker-v1-vllm:v2.7.0"
  serverless = true
  cmd        = ["python3", "-u", "handler.py"]

  start_ssh     = false
  start_jupyter = false
}
