# pull-failure.tf: why a pod's image does not start, from Runpod's system log
# of the host (image pulls, container starts and restarts).
variable "pod_id" {
  description = "Id of the pod whose image does not start (runpod_pod.NAME.id)."
  type        = string
}

data "runpod_pod_logs" "system" {
  pod_id = var.pod_id
  source = "system"
  tail   = 50
}

locals {
  system_lines = data.runpod_pod_logs.system.lines[*].text
  # Docker Hub answers anonymous pulls over its hourly limit with HTTP 429,
  # "toomanyrequests"; a registry that refuses the credentials answers 401
  # or 403, "unauthorized" or "denied".
  rate_limited = anytrue([for l in local.system_lines : strcontains(l, "toomanyrequests")])
  auth_refused = anytrue([for l in local.system_lines : can(regex("(?i)unauthorized|authentication required|access denied|denied:", l))])
}

output "image_pull" {
  value = (
    local.rate_limited ? "rate limited: Docker Hub's anonymous pull limit; pull with a Docker Hub login (runpod_registry_auth) or from another registry" :
    local.auth_refused ? "refused: the registry did not accept the pod's credentials; check registry_auth_id and the runpod_registry_auth's username and token" :
    "no image pull failure in the last 50 lines of the system log"
  )
}

output "system_log" {
  value = data.runpod_pod_logs.system.text
}
