data "runpod_template" "by_name" {
  name = "console-made"
}
data "runpod_template" "by_id" {
  id = data.runpod_template.by_name.id
}
data "runpod_templates" "all" {}
