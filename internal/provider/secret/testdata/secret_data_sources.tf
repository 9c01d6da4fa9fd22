data "runpod_secret" "by_name" {
  name = "openai_key"
}
data "runpod_secret" "by_id" {
  id = data.runpod_secret.by_name.id
}
data "runpod_secrets" "all" {}
