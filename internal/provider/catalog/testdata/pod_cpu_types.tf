data "runpod_cpu_types" "pod" {
  product = "POD"
}
data "runpod_cpu_types" "big" {
  product    = "POD"
  vcpu_count = 64
}
