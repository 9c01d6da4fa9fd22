resource "runpod_endpoint" "e" {
  name         = "llm-inference"
  type         = "QUEUE"
  image        = "runpod/worker-v1-vllm:v2.4.0"
  gpu_pools    = ["ADA_24"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}
