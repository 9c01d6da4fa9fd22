output "reserved_prefix" {
  value = provider::runpod::secret_ref("RUNPOD_API_KEY")
}

output "space_in_name" {
  value = provider::runpod::secret_ref("hf token")
}

output "uppercase_pod_id" {
  value = provider::runpod::proxy_url("7H9K2M4N6P", 8888)
}

output "port_out_of_range" {
  value = provider::runpod::proxy_url("7h9k2m4n6p", 70000)
}

output "tcp_port" {
  value = provider::runpod::proxy_url("7h9k2m4n6p", "22/tcp")
}

output "port_not_a_number" {
  value = provider::runpod::proxy_url("7h9k2m4n6p", 8888.5)
}
