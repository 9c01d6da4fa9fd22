# ready-when.tf: an inference server the apply waits for until its log says
# it listens, within timeouts.create.
variable "ready_timeout" {
  description = "How long the apply waits for the pod and its app (timeouts.create)."
  type        = string
  default     = "30m"
}

resource "runpod_pod" "server" {
  name  = "vllm-server"
  image = "vllm/vllm-openai:v0.6.3"
  args  = "--model Qwen/Qwen2.5-7B-Instruct --port 8000"
  ports = ["8000/http"]

  gpu {
    type_id = "NVIDIA GeForce RTX 4090"
  }

  ready_when {
    log_line = "Uvicorn running on http://0\\.0\\.0\\.0:8000"
  }

  timeouts {
    create = var.ready_timeout
  }
}
