# CPU flavours with stock for an 8-vCPU pod.
data "runpod_cpu_types" "pods" {
  product    = "POD"
  vcpu_count = 8
}

output "cpu_flavours_in_stock" {
  value = [for c in data.runpod_cpu_types.pods.cpu_types : c.id if c.availability != "NONE"]
}
