package secret_test

// Proof that credentials never leak. These tests set process environment
// (TF_LOG, TF_ACC_LOG_PATH, TF_ACC_TEMP_DIR, TF_VAR_*), which t.Setenv only
// allows in tests that are not parallel. Go runs them first, while every
// parallel test of the package waits, so the settings reach no other test.
//
// How the logs are captured: with TF_ACC_LOG_PATH set, terraform-plugin-testing
// runs the terraform/tofu binary with TF_LOG=TRACE and TF_LOG_PATH=<file>, and
// the provider, which runs inside the test process, writes its tflog output to
// the same file at TRACE (terraform-plugin-log's test sink, which reads
// TF_ACC_LOG_PATH and TF_LOG). The tests check that both kinds of lines are
// there, so an absent canary means something.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Canaries: values that must be found nowhere but in what the fake received.
const (
	apiKeyCanary   = "rpa_CANARY_apikey_7f3a9c5e"
	secretCanary   = "CANARY-secret-value-5d81e2"
	passwordCanary = "CANARY-registry-password-0b44"
)

var canaries = map[string]string{"API key": apiKeyCanary, "secret value": secretCanary, "registry password": passwordCanary}

// leakWorld is one leak test's fake API, providers and captured output.
type leakWorld struct {
	fake      *runpodfake.Fake
	factories map[string]func() (tfprotov6.ProviderServer, error)
	rec       *acctest.Recorder
	logPath   string
	workDir   string
}

// newLeakWorld points the providers at baseURL (a fake that accepts only the
// canary API key) and turns on trace logging to a file. The credentials reach
// Terraform only through TF_VAR_ environment variables, never the
// configuration files, so a canary found anywhere was copied there.
func newLeakWorld(t *testing.T, fake *runpodfake.Fake, baseURL string) *leakWorld {
	dir := t.TempDir()
	w := &leakWorld{fake: fake, rec: &acctest.Recorder{}, logPath: filepath.Join(dir, "trace.log"), workDir: filepath.Join(dir, "work")}
	if err := os.Mkdir(w.workDir, 0o700); err != nil {
		t.Fatal(err)
	}
	w.factories = w.rec.Wrap(acctest.FactoriesWithEnv(func(k string) string {
		if k == provider.EnvBaseURL {
			return baseURL
		}
		return "" // the API key comes from the provider block
	}))
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_ACC_LOG_PATH", w.logPath)
	t.Setenv("TF_ACC_TEMP_DIR", w.workDir)
	t.Setenv("TF_VAR_api_key", apiKeyCanary)
	t.Setenv("TF_VAR_secret_value", secretCanary)
	t.Setenv("TF_VAR_registry_password", passwordCanary)
	return w
}

// leakConfig creates a registry credential, a secret and a template that
// uses both. With writeOnly the credentials go through the write-only
// arguments and the variables are ephemeral, so they are not saved in the
// plan either.
func leakConfig(t *testing.T, writeOnly bool) string {
	t.Helper()
	return acctest.Testdata(t, "leak_check", struct{ WriteOnly bool }{writeOnly})
}

// noCanaryIn fails if any canary is in data.
func noCanaryIn(where string, data []byte) error {
	for what, c := range canaries {
		if strings.Contains(string(data), c) {
			return fmt.Errorf("the %s appears in %s", what, where)
		}
	}
	return nil
}

// sent checks the fake's request log: the credentials really were sent.
func (w *leakWorld) sent() error {
	var secretSent, passwordSent, keySent bool
	for _, r := range w.fake.Requests() {
		keySent = keySent || r.Header.Get("Authorization") == "Bearer "+apiKeyCanary
		if r.Method == "POST" && r.Path == "/v2/account/secrets" && strings.Contains(string(r.Body), `"value":"`+secretCanary+`"`) {
			secretSent = true
		}
		if r.Method == "POST" && r.Path == "/v2/registries" && strings.Contains(string(r.Body), `"password":"`+passwordCanary+`"`) {
			passwordSent = true
		}
	}
	if !secretSent || !passwordSent || !keySent {
		return fmt.Errorf("not every credential reached the API: secret %v, password %v, API key %v", secretSent, passwordSent, keySent)
	}
	return nil
}

// checkLogsAndDiagnostics runs after the test case: the trace log holds
// Terraform's and the provider's lines and no canary, and no diagnostic the
// provider returned holds one.
func (w *leakWorld) checkLogsAndDiagnostics(t *testing.T) {
	t.Helper()
	logs, err := os.ReadFile(w.logPath)
	if err != nil {
		t.Fatalf("reading the trace log: %v", err)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`\[(INFO|TRACE)\]\s+(Terraform|OpenTofu) version`),                   // the CLI
		regexp.MustCompile(`Sending Runpod API request.*/v2/account/secrets`),                   // the provider, at debug
		regexp.MustCompile(`Runpod API response body.*/v2/registries`),                          // the provider, at trace
		regexp.MustCompile(`(?i)(apply|plan).*runpod_secret\.s|runpod_secret\.s.*(apply|plan)`), // the CLI, about our resources
	} {
		if !want.Match(logs) {
			t.Errorf("the trace log lacks a line matching %s, so its check proves nothing (%d bytes)", want, len(logs))
		}
	}
	if err := noCanaryIn("the trace log "+w.logPath, logs); err != nil {
		t.Error(err)
	}
	for what, c := range canaries {
		if where := w.rec.DiagnosticLeaks(c); len(where) > 0 {
			t.Errorf("the %s is in a diagnostic: %s", what, strings.Join(where, "; "))
		}
	}
	if len(w.rec.Diagnostics()) == 0 || w.rec.Payloads() == 0 {
		t.Errorf("nothing was recorded (%d diagnostics, %d payloads), so the check proves nothing", len(w.rec.Diagnostics()), w.rec.Payloads())
	}
}

// stateFiles checks every state file under the working directories: there
// is one holding the secret, and none holds a canary.
func (w *leakWorld) stateFiles() error {
	found := false
	err := filepath.WalkDir(w.workDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.Contains(d.Name(), ".tfstate") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		found = found || strings.Contains(string(data), `"leak_check"`)
		return noCanaryIn("state file "+path, data)
	})
	if err == nil && !found {
		err = fmt.Errorf("no state file under %s holds the secret, so the check proves nothing", w.workDir)
	}
	return err
}

func planHasNoCanary() plancheck.PlanCheck {
	return planCheckFunc(func(req plancheck.CheckPlanRequest) error {
		data, err := json.Marshal(req.Plan)
		if err != nil {
			return err
		}
		if !strings.Contains(string(data), "leak_check") {
			return fmt.Errorf("the plan JSON does not hold the secret's name, so the check proves nothing")
		}
		return noCanaryIn("the plan (terraform show -json <plan>)", data)
	})
}

// With the write-only arguments, the credentials are in no log, no
// diagnostic, no plan, no state file and no `terraform show -json`.
func TestAccLeak_writeOnlyCredentials(t *testing.T) {
	fake := runpodfake.NewTestServer(t, runpodfake.WithAPIKey(apiKeyCanary))
	w := newLeakWorld(t, fake, fake.URL())
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   writeOnly,
		ProtoV6ProviderFactories: w.factories,
		CheckDestroy:             acctest.CheckDestroyed(fake),
		Steps: []resource.TestStep{
			{
				Config: leakConfig(t, true),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{planHasNoCanary()},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan(), planHasNoCanary()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					stateCheckFunc(func(req statecheck.CheckStateRequest) error {
						data, err := json.Marshal(req.State)
						if err != nil {
							return err
						}
						return noCanaryIn("terraform show -json", data)
					}),
					acctest.CheckFake(w.stateFiles),
					acctest.CheckFake(w.sent),
				},
			},
			{
				// A console-made template that uses both credentials makes
				// the destroy warn (naming them), so the diagnostics checked
				// below include the ones written next to the credentials.
				PreConfig: func() { seedConsoleTemplate(t, fake) },
				Config:    leakConfig(t, true),
			},
		},
	})
	w.checkLogsAndDiagnostics(t)
	// Nor did the provider ever hand a credential to Terraform as state,
	// plan or private data (the write-only ones are only in the config).
	for what, c := range canaries {
		if where := w.rec.PayloadLeaks(c); len(where) > 0 {
			t.Errorf("the %s was returned to Terraform in %s", what, strings.Join(where, ", "))
		}
	}
}

// With the plain (sensitive) arguments the values are in state by design,
// but still in no log and no diagnostic.
func TestAccLeak_sensitiveCredentials(t *testing.T) {
	fake := runpodfake.NewTestServer(t, runpodfake.WithAPIKey(apiKeyCanary))
	w := newLeakWorld(t, fake, fake.URL())
	var id string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: w.factories,
		CheckDestroy:             acctest.CheckDestroyed(fake),
		Steps: []resource.TestStep{
			{
				Config: leakConfig(t, false),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CheckFake(w.sent),
				},
			},
			{
				// A rotation outside Terraform makes the next apply send the
				// value again: one more request carrying it, still nothing logged.
				PreConfig: func() { fake.RotateSecret(id, "rotated-in-console") },
				Config:    leakConfig(t, false),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error { return secretValue(fake, id, secretCanary) }),
				},
			},
		},
	})
	w.checkLogsAndDiagnostics(t)
}

// A server that quotes the request back in its error must not get the
// credentials into the error Terraform prints, nor into the logs.
func TestAccLeak_errorsQuotingTheRequest(t *testing.T) {
	fake := runpodfake.New(runpodfake.WithAPIKey(apiKeyCanary))
	var echo atomic.Bool
	var echoed atomic.Int32
	echo.Store(true)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if echo.Load() && r.Method == "POST" && (r.URL.Path == "/v2/account/secrets" || r.URL.Path == "/v2/registries") {
			body, _ := io.ReadAll(r.Body)
			echoed.Add(1)
			rw.Header().Set("Content-Type", "application/problem+json")
			rw.WriteHeader(http.StatusBadRequest)
			_ = json.NewEncoder(rw).Encode(map[string]any{
				"title": "Bad Request", "status": 400,
				"detail": "could not process " + string(body),
				"errors": []string{"$: rejected " + string(body)},
			})
			return
		}
		fake.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	w := newLeakWorld(t, fake, srv.URL)

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: w.factories,
		CheckDestroy:             acctest.CheckDestroyed(fake),
		Steps: []resource.TestStep{
			{
				Config: leakConfig(t, false),
				// The user sees where the value was, masked.
				ExpectError: regexp.MustCompile(`(?s)(Secret|Registry Credential) Not Created.*could not process.*\*\*\*`),
			},
			{
				PreConfig: func() {
					if echoed.Load() != 2 {
						t.Fatalf("the echoing server answered %d creates, want 2", echoed.Load())
					}
					echo.Store(false)
				},
				Config:            leakConfig(t, false),
				ConfigStateChecks: []statecheck.StateCheck{acctest.CheckFake(w.sent)},
			},
		},
	})
	w.checkLogsAndDiagnostics(t)
	var errs int
	for _, d := range w.rec.Diagnostics() {
		if !d.Warning && strings.Contains(d.Detail, "could not process") {
			errs++
		}
	}
	if errs != 2 {
		t.Errorf("want the 2 quoted errors among the recorded diagnostics, got %d: %v", errs, w.rec.Diagnostics())
	}
}

type planCheckFunc func(plancheck.CheckPlanRequest) error

func (f planCheckFunc) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = f(req)
}

type stateCheckFunc func(statecheck.CheckStateRequest) error

func (f stateCheckFunc) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = f(req)
}

// seedConsoleTemplate adds, as if made in the console, a template that uses
// the leak check's registry credential and secret.
func seedConsoleTemplate(t *testing.T, fake *runpodfake.Fake) {
	t.Helper()
	ids := fake.RegistryIDsNamed("leak-check")
	if len(ids) != 1 {
		t.Fatalf("registry credentials named leak-check: %v", ids)
	}
	tpl := runpodfake.DefaultTemplate("console-made", "ghcr.io/acme/private:2")
	tpl.Registry = &ids[0]
	tpl.Env = map[string]string{"TOKEN": "{{ RUNPOD_SECRET_leak_check }}"}
	fake.SeedTemplate(tpl)
}
