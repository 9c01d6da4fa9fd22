module github.com/hashicorp/terraform/internal/backend/remote-state/oss

go 1.25
