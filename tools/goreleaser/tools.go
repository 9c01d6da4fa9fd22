//go:build tools

// Package goreleaser pins goreleaser, which builds the release archives from
// .goreleaser.yml; `make release-check` runs it as a snapshot for the host
// platform to prove the files the Terraform Registry expects come out.
package goreleaser

import _ "github.com/goreleaser/goreleaser/v2"
