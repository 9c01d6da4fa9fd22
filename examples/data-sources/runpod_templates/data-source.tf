data "runpod_templates" "all" {}

# Names of the account's serverless templates.
output "serverless_templates" {
  value = [for t in data.runpod_templates.all.templates : t.name if t.serverless]
}
