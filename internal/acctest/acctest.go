// Package acctest is the harness for acceptance tests: each test gets its own
// in-memory fake of the Runpod API on loopback and provider factories aimed
// at it, and runs the real terraform or tofu binary named by
// TF_ACC_TERRAFORM_PATH (the Makefile builds both and sets it).
package acctest

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Env is one test's world: a fresh fake API and providers configured for it.
type Env struct {
	Fake *runpodfake.Fake
	// Factories are for resource.TestCase.ProtoV6ProviderFactories.
	Factories map[string]func() (tfprotov6.ProviderServer, error)
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
	return &Env{
		Fake:      fake,
		Factories: FactoriesWithEnv(func(k string) string { return env[k] }),
	}
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
// read through getenv.
func FactoriesWithEnv(getenv func(string) string) map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"runpod": providerserver.NewProtocol6WithError(provider.NewWithEnv("test", getenv)()),
	}
}

// Config joins HCL fragments into one configuration.
func Config(parts ...string) string { return strings.Join(parts, "\n") }
