list "runpod_pod" "team" {
  provider = runpod
  config {
    name_prefix = "team-"
  }
}

list "runpod_pod" "team_and_clusters" {
  provider = runpod
  config {
    name_prefix          = "team-"
    include_cluster_pods = true
  }
}

list "runpod_pod" "running_4090s_in_ro" {
  provider = runpod
  config {
    status         = "RUNNING"
    gpu_type_id    = "NVIDIA GeForce RTX 4090"
    data_center_id = "EU-RO-1"
  }
}

list "runpod_pod" "stopped" {
  provider = runpod
  config {
    status = "EXITED"
  }
}

list "runpod_pod" "web" {
  provider         = runpod
  include_resource = true
  config {
    name = "team-web"
  }
}

list "runpod_pod" "notebook" {
  provider         = runpod
  include_resource = true
  config {
    name = "team-notebook"
  }
}

list "runpod_pod" "member" {
  provider = runpod
  config {
    name                 = "{{.Member}}"
    include_cluster_pods = true
  }
}
