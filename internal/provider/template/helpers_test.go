package template_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// adoptEndpointTemplate is the configuration that adopts the template Runpod
// made for the endpoint named endpoint ("<endpoint>__template__<suffix>"),
// found by its name in the account's templates, into runpod_template.bound
// as it is. dependsOn, when not empty, is what the template depends on.
func adoptEndpointTemplate(t *testing.T, endpoint, dependsOn string) string {
	t.Helper()
	return acctest.Testdata(t, "endpoint_template_import", struct{ Endpoint, DependsOn string }{endpoint, dependsOn})
}

// templatesRemoved is the configuration that stops managing the templates
// runpod_template.<label> without deleting them.
func templatesRemoved(t *testing.T, labels ...string) string {
	t.Helper()
	var config string
	for i, label := range labels {
		if i > 0 {
			config += "\n"
		}
		config += acctest.Testdata(t, "template_removed", struct{ Label string }{label})
	}
	return config
}
