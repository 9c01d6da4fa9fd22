# The account's endpoints whose name starts with "llm-".
data "runpod_endpoints" "llm" {
  name_prefix = "llm-"
}

# Workers kept running (and billed) around the clock, per endpoint.
output "active_workers" {
  value = { for e in data.runpod_endpoints.llm.endpoints : e.name => e.workers_min }
}
