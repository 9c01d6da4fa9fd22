// Package acctest is the harness for acceptance tests: each test gets its own
// in-memory fake of the Runpod API on loopback and provider factories aimed
// at it, and runs the real terraform or tofu binary named by
// TF_ACC_TERRAFORM_PATH (the Makefile builds both and sets it).
package acctest

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Env is one test's world: a fresh fake API and providers configured for it.
type Env struct {
	Fake *runpodfake.Fake
	// Factories are for resource.TestCase.ProtoV6ProviderFactories.
	Factories map[string]func() (tfprotov6.ProviderServer, error)
	// getenv is what Factories read the RUNPOD_* fallbacks through.
	getenv func(string) string
	// tests are the test constructors Factories build providers with.
	tests provider.TestOverrides
}

// New starts a fake Runpod API for t (closed at cleanup, with any request or
// response that breaks the published OpenAPI spec failing the test) and
// returns provider factories whose RUNPOD_API_URL and RUNPOD_API_KEY point at
// it. Nothing touches the process environment, so tests can run in parallel.
func New(t *testing.T, opts ...runpodfake.Option) *Env {
	t.Helper()
	requireAccName(t)
	fake := runpodfake.NewTestServer(t, opts...)
	env := map[string]string{
		provider.EnvBaseURL: fake.URL(),
		provider.EnvAPIKey:  runpodfake.DefaultAPIKey,
	}
	getenv := func(k string) string { return env[k] }
	return &Env{
		Fake:      fake,
		Factories: FactoriesWithEnv(getenv),
		getenv:    getenv,
	}
}

// WithResources aims e's factories at providers whose resources of the same
// type names are built by testResources instead: a package's tests pass the
// test constructor that sets its resource's test seams (pod.NewTestResource,
// whose waits poll at the fake's pace). It returns e.
func (e *Env) WithResources(testResources ...func() resource.Resource) *Env {
	e.tests.Resources = testResources
	e.Factories = factories(e.getenv, e.tests)
	return e
}

// WithActions is WithResources for actions (pod.NewTestActions).
func (e *Env) WithActions(testActions ...func() action.Action) *Env {
	e.tests.Actions = testActions
	e.Factories = factories(e.getenv, e.tests)
	return e
}

// requireAccName fails t unless its name starts with TestAcc. The Makefile
// runs unit tests once without TF_ACC and the acceptance passes with
// -run '^TestAcc', so an acceptance test under another name would be skipped
// by the first and never selected by the others: it would silently not run.
func requireAccName(t *testing.T) {
	t.Helper()
	if !strings.HasPrefix(t.Name(), "TestAcc") {
		t.Fatalf("%s uses the acceptance harness (acctest.New, acctest.NewCLI) but its name does not start with TestAcc: "+
			"make runs acceptance tests with -run '^TestAcc', so rename it TestAcc...", t.Name())
	}
}

// FactoriesWithEnv returns provider factories whose RUNPOD_* fallbacks are
// read through getenv, with testResources in place of the provider's
// resources of the same type names (see Env.WithResources).
func FactoriesWithEnv(getenv func(string) string, testResources ...func() resource.Resource) map[string]func() (tfprotov6.ProviderServer, error) {
	return factories(getenv, provider.TestOverrides{Resources: testResources})
}

func factories(getenv func(string) string, tests provider.TestOverrides) map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"runpod": providerserver.NewProtocol6WithError(provider.NewForTests("test", getenv, tests)()),
	}
}

// Config joins HCL fragments into one configuration.
func Config(parts ...string) string { return strings.Join(parts, "\n") }
