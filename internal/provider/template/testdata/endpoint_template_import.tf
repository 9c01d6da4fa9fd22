data "runpod_templates" "all" {}

locals {
  bound = one([for t in data.runpod_templates.all.templates : t if startswith(t.name, "{{.Endpoint}}__template__")])
}

import {
  to = runpod_template.bound
  id = local.bound.id
}

resource "runpod_template" "bound" {
  name                  = local.bound.name
  image                 = local.bound.image
  args                  = local.bound.args
  container_disk_gb     = local.bound.container_disk_gb
  ports                 = local.bound.ports
  env                   = local.bound.env
  serverless            = local.bound.serverless
  category              = local.bound.category
  start_ssh             = local.bound.start_ssh
  start_jupyter         = local.bound.start_jupyter
  allowed_cuda_versions = local.bound.allowed_cuda_versions
{{- with .DependsOn}}

  depends_on = [{{.}}]
{{- end}}
}
