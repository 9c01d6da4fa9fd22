// Package runpodtest connects tests to the in-repo fake of the Runpod API.
package runpodtest

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Client is an API client of fake, with the fake's API key; configure, if
// given, adjusts its configuration first (e.g. MaxRetries).
func Client(t testing.TB, fake *runpodfake.Fake, configure ...func(*runpod.Config)) *runpod.Client {
	t.Helper()
	cfg := runpod.Config{APIKey: runpodfake.DefaultAPIKey, BaseURL: fake.URL()}
	for _, c := range configure {
		c(&cfg)
	}
	client, err := runpod.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return client
}
