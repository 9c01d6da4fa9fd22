// Package livetest runs acceptance tests against a real Runpod account (or
// any server RUNPOD_API_URL names), through the real CLI, when a maintainer
// asks for it: `make testacc-live RUNPOD_LIVE=1` with RUNPOD_API_KEY set
// (internal/cmd/liveacc). Never in make test or CI: without RUNPOD_LIVE=1
// every test here skips and says why.
//
// Every object a live test creates is named with the run's prefix
// (TF_ACC_RUN_PREFIX, tf-acc-<run id>-, see internal/sweep), so the run and
// the sweepers find it again, and nothing else is ever touched. Tests that
// need the fake's hooks (faults, console changes, stock moves, clocks) are
// not here: they stay with the fake; drift is made with a second API call.
package livetest

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// The environment of a live run.
const (
	EnvLive      = "RUNPOD_LIVE"       // "1" asks for a live run
	EnvRunPrefix = "TF_ACC_RUN_PREFIX" // tf-acc-<run id>-, set by liveacc
)

// Run is one live test's access to the account.
type Run struct {
	// Factories configure the provider from the environment
	// (RUNPOD_API_KEY, RUNPOD_API_URL, RUNPOD_MAX_HOURLY_SPEND).
	Factories map[string]func() (tfprotov6.ProviderServer, error)
	// Client is a second API client, for drift and destroy checks.
	Client *runpod.Client
	prefix string
}

// Setup skips t unless a live run was asked for, and fails it when one was
// asked for without what it needs.
func Setup(t *testing.T) *Run {
	t.Helper()
	if os.Getenv(EnvLive) != "1" || os.Getenv("TF_ACC") == "" {
		t.Skip("live acceptance test: runs only with make testacc-live RUNPOD_LIVE=1 and RUNPOD_API_KEY (never in make test or CI)")
	}
	prefix := os.Getenv(EnvRunPrefix)
	if !strings.HasPrefix(prefix, "tf-acc-") || !strings.HasSuffix(prefix, "-") {
		t.Fatalf("%s=%q: a live run needs its run prefix (tf-acc-<run id>-); run it through make testacc-live", EnvRunPrefix, prefix)
	}
	c, err := runpod.New(runpod.Config{APIKey: os.Getenv("RUNPOD_API_KEY"), BaseURL: os.Getenv("RUNPOD_API_URL"),
		UserAgent: "terraform-provider-runpod-livetest"})
	if err != nil {
		t.Fatal(err)
	}
	return &Run{Factories: acctest.FactoriesWithEnv(os.Getenv), Client: c, prefix: prefix}
}

// Name is a name carrying the run's prefix.
func (r *Run) Name(suffix string) string { return r.prefix + suffix }

// Gone reports an error unless get says the object is gone (404).
func Gone[T any](ctx context.Context, get func(context.Context, string) (*T, error), id string) error {
	if _, err := get(ctx, id); !runpod.IsNotFound(err) {
		if err == nil {
			return errStillThere(id)
		}
		return err
	}
	return nil
}

type errStillThere string

func (e errStillThere) Error() string { return "object " + string(e) + " still exists after destroy" }
