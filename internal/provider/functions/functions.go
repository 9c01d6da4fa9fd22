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
