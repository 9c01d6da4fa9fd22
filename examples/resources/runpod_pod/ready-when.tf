# An inference server that is "ready" only once it says so: after the pod
# runs with its ports mapped, the apply waits (within timeouts.create) until
# the container's log prints a line matching ready_when.log_line. A wait that
# runs out is a warning quoting the last log lines; the pod stays in state.
#
# Common patterns:
#   JupyterLab:           "Jupyter Server .* is running at"
#   an HTTP server:       "(listening|running) on .*:8000"
#   text-generation-inference: "Connected"
#
# What bills: the GPU's hourly price from the moment the pod is created,
# whether the app is ready or not.
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
    create = "30m"
  }
}

output "openai_base_url" {
  value = "${lookup(runpod_pod.server.proxy_urls, "8000", "")}/v1"
}
