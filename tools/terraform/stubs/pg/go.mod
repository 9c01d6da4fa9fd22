module github.com/hashicorp/terraform/internal/backend/remote-state/pg

go 1.25
