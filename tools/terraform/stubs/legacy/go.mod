module github.com/hashicorp/terraform/internal/legacy

go 1.25
