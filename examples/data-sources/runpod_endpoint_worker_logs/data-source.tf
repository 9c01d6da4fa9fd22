# The last container lines of every active worker of an endpoint.
data "runpod_endpoint_workers" "current" {
  endpoint_id = runpod_endpoint.inference.id
}

data "runpod_endpoint_worker_logs" "inference" {
  count = length(data.runpod_endpoint_workers.current.workers)

  endpoint_id = runpod_endpoint.inference.id
  worker_id   = data.runpod_endpoint_workers.current.workers[count.index].id
  source      = "container"
  tail        = 20
}

# Worker id => its last lines. Values of env variables that hold a Runpod
# secret are masked where a line prints them as NAME=value.
output "worker_logs" {
  value = { for l in data.runpod_endpoint_worker_logs.inference : l.worker_id => l.text }
}
