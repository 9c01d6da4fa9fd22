// Package functions holds the provider's functions (provider::runpod::...,
// Terraform 1.8+ and OpenTofu 1.7+): small pure helpers that build the
// strings Runpod expects from values a configuration already has, checked
// as strictly as the resources check the same values.
package functions

import "github.com/hashicorp/terraform-plugin-framework/function"

// All returns the constructors of every provider function, for the
// provider's Functions method.
func All() []func() function.Function {
	return []func() function.Function{NewSecretRef, NewProxyURL}
}

// requirements ends every function's description: what a configuration
// needs for provider::runpod:: to resolve.
const requirements = "-> Provider functions need Terraform 1.8 or later, or OpenTofu 1.7 or later, and `runpod` declared in " +
	"the calling module's `required_providers`, as any provider function does."
