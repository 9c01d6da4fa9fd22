//go:build tools

// Package docs pins tfplugindocs, which generates docs/ from the provider
// schema, examples/ and templates/.
package docs

import _ "github.com/hashicorp/terraform-plugin-docs/cmd/tfplugindocs"
