# The team's pod templates (not serverless ones). `terraform query` prints one
# line per template, `NAME (ID)`; with `-generate-config-out=generated.tf` it
# writes an import block and a resource block for each, which plan to the
# imports alone.
list "runpod_template" "team" {
  provider = runpod

  config {
    name_prefix = "team-"
    serverless  = false
  }
}
