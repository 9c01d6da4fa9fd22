module github.com/hashicorp/terraform/internal/backend/remote-state/kubernetes

go 1.25
