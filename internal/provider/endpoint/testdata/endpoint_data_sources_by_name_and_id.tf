data "runpod_endpoint" "by_name" {
  name = "llm-inference"
}
data "runpod_endpoint" "by_id" {
  id = "{{.ID}}"
}
data "runpod_endpoints" "llm" {
  name_prefix = "llm-"
}
data "runpod_endpoints" "all" {}
data "runpod_endpoints" "dup" {
  name = "dup"
}
