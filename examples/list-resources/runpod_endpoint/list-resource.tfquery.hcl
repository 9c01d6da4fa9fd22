# The team's queue endpoints. Each result is named like
# `llm-inference (abc123, QUEUE, 1x ADA_24/AMPERE_48)`; with
# `-generate-config-out=generated.tf`, `terraform query` writes an import
# block and a resource block for each. Runpod keeps no link to the template an
# endpoint was made from, so the generated blocks hold the endpoint's own
# container settings and no template_id.
list "runpod_endpoint" "team" {
  provider = runpod

  config {
    name_prefix = "llm-"
    type        = "QUEUE"
  }
}
