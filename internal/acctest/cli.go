package acctest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

// CLI runs the real terraform or tofu binary (TF_ACC_TERRAFORM_PATH) in a
// working directory of its own, with this test's provider served in-process
// and attached through TF_REATTACH_PROVIDERS, and returns exactly what the
// binary printed. Promises about what the user sees (cost warnings, refusals,
// import hints) are asserted on this output: Terraform drops some provider
// diagnostics (the create half of a replacement plan, for one), so what the
// provider returned is not proof that the user saw it.
type CLI struct {
	t       *testing.T
	bin     string
	Dir     string
	factory func() (tfprotov6.ProviderServer, error)
	// pluginEnv, set by PluginCLI, is the environment of a run whose
	// terraform starts the provider as a plugin instead of attaching to one
	// served here.
	pluginEnv []string
}

// CLI returns a CLI whose provider talks to e's fake.
func (e *Env) CLI(t *testing.T) *CLI {
	t.Helper()
	return NewCLI(t, e.Factories)
}

// NewCLI returns a CLI serving the "runpod" provider from factories. Two CLIs
// built from different factories behave as two separate provider processes.
func NewCLI(t *testing.T, factories map[string]func() (tfprotov6.ProviderServer, error)) *CLI {
	t.Helper()
	requireAccName(t)
	if os.Getenv("TF_ACC") == "" {
		// The same gate as resource.Test: make test and make testacc-* set it.
		t.Skip("Acceptance tests skipped unless env 'TF_ACC' set")
	}
	bin := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if bin == "" {
		t.Fatal("TF_ACC_TERRAFORM_PATH is not set: run the tests through make (make test, make testacc-terraform)")
	}
	return &CLI{t: t, bin: bin, Dir: t.TempDir(), factory: factories["runpod"]}
}

// IsOpenTofu reports whether the binary under test is OpenTofu.
func (c *CLI) IsOpenTofu() bool { return strings.Contains(filepath.Base(c.bin), "tofu") }

// SetConfig replaces the working directory's configuration with hcl.
func (c *CLI) SetConfig(hcl string) {
	c.t.Helper()
	c.WriteFile("main.tf", hcl)
}

// WriteFile writes content to the file name in the working directory
// (another configuration file, such as the generated.tf a test filled in).
func (c *CLI) WriteFile(name, content string) {
	c.t.Helper()
	if err := os.WriteFile(filepath.Join(c.Dir, name), []byte(content), 0o600); err != nil {
		c.t.Fatal(err)
	}
}

// Result is one CLI run: what it printed and how it exited.
type Result struct {
	Args     []string
	Stdout   string
	Stderr   string
	ExitCode int
}

// Output is stdout and stderr together, as a user at a terminal sees them.
func (r Result) Output() string { return r.Stdout + r.Stderr }

// Run runs the binary with args (-no-color is added for commands that take
// it) and returns what it printed. It fails the test only when the binary
// cannot be started; a non-zero exit is part of the result.
func (c *CLI) Run(args ...string) Result {
	c.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	providerEnv := c.pluginEnv
	if providerEnv == nil {
		reattach, closed, err := c.serve(ctx)
		if err != nil {
			c.t.Fatalf("serving the provider for %v: %v", args, err)
		}
		defer func() { cancel(); <-closed }()
		providerEnv = []string{"TF_REATTACH_PROVIDERS=" + reattach}
	}

	full := args
	switch {
	case len(args) > 1 && args[0] == "state":
		// Subcommands of state take their options after the subcommand.
		full = append([]string{args[0], args[1], "-no-color"}, args[2:]...)
	case len(args) > 0 && args[0] != "version" && args[0] != "fmt" && args[0] != "state":
		full = append([]string{args[0], "-no-color"}, args[1:]...)
	}
	cmd := exec.CommandContext(ctx, c.bin, full...) //nolint:gosec // the binary is the test's own
	cmd.Dir = c.Dir
	cmd.Env = append(os.Environ(), "TF_INPUT=0", "CHECKPOINT_DISABLE=1")
	cmd.Env = append(cmd.Env, providerEnv...)
	if f := os.Getenv("TF_CLI_CONFIG_FILE"); f != "" && c.pluginEnv == nil {
		if _, err := os.Stat(f); err != nil {
			// A CLI configuration named but missing makes every command warn,
			// which the tests that assert a clean output would take for the
			// provider's: run as without one (the last value counts).
			cmd.Env = append(cmd.Env, "TF_CLI_CONFIG_FILE=")
		}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	res := Result{Args: full}
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			c.t.Fatalf("running %s %v: %v", c.bin, full, err)
		}
		res.ExitCode = exit.ExitCode()
	}
	res.Stdout, res.Stderr = stdout.String(), stderr.String()
	c.t.Logf("$ %s %s (exit %d)\n%s", filepath.Base(c.bin), strings.Join(full, " "), res.ExitCode, res.Output())
	return res
}

// MustFail is Run that fails the test when the command succeeds: for a
// configuration the CLI must refuse. Check what it printed on the result.
func (c *CLI) MustFail(args ...string) Result {
	c.t.Helper()
	res := c.Run(args...)
	if res.ExitCode == 0 {
		c.t.Fatalf("%v succeeded, want it to fail:\n%s", res.Args, res.Output())
	}
	return res
}

// MustRun is Run that fails the test on a non-zero exit.
func (c *CLI) MustRun(args ...string) Result {
	c.t.Helper()
	res := c.Run(args...)
	if res.ExitCode != 0 {
		c.t.Fatalf("%v exited %d:\n%s", res.Args, res.ExitCode, res.Output())
	}
	return res
}

// Init runs init once; it is cheap with a reattached provider.
func (c *CLI) Init() { c.t.Helper(); c.MustRun("init", "-input=false") }

// serve starts a fresh provider server (one per CLI run, like a real
// terraform command starting the plugin) and returns its reattach string.
func (c *CLI) serve(ctx context.Context) (string, <-chan struct{}, error) {
	server, err := c.factory()
	if err != nil {
		return "", nil, err
	}
	configCh := make(chan *plugin.ReattachConfig, 1)
	closeCh := make(chan struct{})
	go func() {
		_ = tf6server.Serve("registry.terraform.io/hashicorp/runpod", func() tfprotov6.ProviderServer { return server },
			tf6server.WithDebug(ctx, configCh, closeCh),
			tf6server.WithGoPluginLogger(hclog.New(&hclog.LoggerOptions{Output: io.Discard, Level: hclog.Off})),
			tf6server.WithoutLogStderrOverride(),
			// Provider logs follow TF_LOG / TF_ACC_LOG_PATH, as under resource.Test.
			tf6server.WithLoggingSink(c.t),
		)
	}()
	var cfg *plugin.ReattachConfig
	select {
	case cfg = <-configCh:
	case <-ctx.Done():
		return "", nil, ctx.Err()
	}
	if cfg == nil {
		return "", nil, errors.New("no reattach configuration")
	}
	type addr struct{ Network, String string }
	type entry struct {
		Protocol        string
		ProtocolVersion int
		Pid             int
		Test            bool
		Addr            addr
	}
	e := entry{Protocol: string(cfg.Protocol), ProtocolVersion: cfg.ProtocolVersion, Pid: cfg.Pid, Test: cfg.Test,
		Addr: addr{Network: cfg.Addr.Network(), String: cfg.Addr.String()}}
	all := map[string]entry{}
	for _, host := range []string{"registry.terraform.io", "registry.opentofu.org"} {
		all[host+"/hashicorp/runpod"] = e
	}
	b, err := json.Marshal(all)
	return string(b), closeCh, err
}

// Message is one line of the CLI's -json (machine-readable UI) output.
type Message struct {
	Level      string          `json:"@level"`
	Text       string          `json:"@message"`
	Type       string          `json:"type"`
	Diagnostic *JSONDiagnostic `json:"diagnostic,omitempty"`
	Change     *struct {
		Resource struct {
			Addr string `json:"addr"`
		} `json:"resource"`
		Action string `json:"action"`
		Reason string `json:"reason,omitempty"`
	} `json:"change,omitempty"`
}

// JSONDiagnostic is a diagnostic as the CLI's -json output carries it.
type JSONDiagnostic struct {
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail"`
	Address  string `json:"address,omitempty"`
	Snippet  *struct {
		Code string `json:"code"`
	} `json:"snippet,omitempty"`
}

// JSONResult is a run with -json: the raw result and its parsed messages.
type JSONResult struct {
	Result
	Messages []Message
}

// RunJSON runs a command with -json and parses its output lines.
func (c *CLI) RunJSON(args ...string) JSONResult {
	c.t.Helper()
	res := c.Run(append([]string{args[0], "-json"}, args[1:]...)...)
	out := JSONResult{Result: res}
	sc := bufio.NewScanner(strings.NewReader(res.Stdout))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "{") {
			continue
		}
		var m Message
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			c.t.Fatalf("parsing %v output line %q: %v", res.Args, line, err)
		}
		out.Messages = append(out.Messages, m)
	}
	return out
}

// Diagnostics returns the diagnostics of the given severity ("warning",
// "error") that the CLI printed.
func (r JSONResult) Diagnostics(severity string) []JSONDiagnostic {
	var out []JSONDiagnostic
	for _, m := range r.Messages {
		if m.Type == "diagnostic" && m.Diagnostic != nil && m.Diagnostic.Severity == severity {
			out = append(out, *m.Diagnostic)
		}
	}
	return out
}

// Warnings returns the printed warnings whose summary is summary, or
// summary followed by ": " and what names one object (cost warnings name
// the object and its price after their kind, see SummaryIs).
func (r JSONResult) Warnings(summary string) []JSONDiagnostic {
	var out []JSONDiagnostic
	for _, d := range r.Diagnostics("warning") {
		if SummaryIs(d.Summary, summary) {
			out = append(out, d)
		}
	}
	return out
}

// PlannedActions maps each resource address to the action the plan printed
// for it ("create", "update", "replace", "delete", "noop"...).
func (r JSONResult) PlannedActions() map[string]string {
	out := map[string]string{}
	for _, m := range r.Messages {
		if m.Type == "planned_change" && m.Change != nil {
			out[m.Change.Resource.Addr] = m.Change.Action
		}
	}
	return out
}

// SavedPlan runs plan -out and show -json on it, and returns the plan as
// Terraform reports it to machines (policy checks read this).
func (c *CLI) SavedPlan(extra ...string) (Result, *tfjson.Plan) {
	c.t.Helper()
	res := c.Run(append([]string{"plan", "-input=false", "-out=tfplan"}, extra...)...)
	if res.ExitCode != 0 {
		return res, nil
	}
	show := c.MustRun("show", "-json", "tfplan")
	var plan tfjson.Plan
	if err := json.Unmarshal([]byte(show.Stdout), &plan); err != nil {
		c.t.Fatalf("parsing show -json: %v", err)
	}
	return res, &plan
}

// State returns the state as show -json reports it.
func (c *CLI) State() *tfjson.State {
	c.t.Helper()
	show := c.MustRun("show", "-json")
	var st tfjson.State
	if err := json.Unmarshal([]byte(show.Stdout), &st); err != nil {
		c.t.Fatalf("parsing show -json: %v", err)
	}
	return &st
}

// StateAttributes returns the attributes in state of the resource at
// address, or nil when it is not in state.
func (c *CLI) StateAttributes(address string) map[string]any {
	c.t.Helper()
	if r := findResource(c.State(), address); r != nil {
		return r.AttributeValues
	}
	return nil
}

// StateID returns the id in state of the resource at address, and fails
// the test when it is not in state or has no id.
func (c *CLI) StateID(address string) string {
	c.t.Helper()
	id, _ := c.StateAttributes(address)["id"].(string)
	if id == "" {
		c.t.Fatalf("%s is not in state or has no id", address)
	}
	return id
}

// StateIDs lists the ids in state of the resources of resourceType.
func (c *CLI) StateIDs(resourceType string) []string {
	c.t.Helper()
	var out []string
	for _, r := range c.stateResources() {
		if r.Type == resourceType {
			id, _ := r.AttributeValues["id"].(string)
			out = append(out, id)
		}
	}
	return out
}

// StateAddresses lists the resource addresses in state.
func (c *CLI) StateAddresses() []string {
	c.t.Helper()
	var out []string
	for _, r := range c.stateResources() {
		out = append(out, r.Address)
	}
	return out
}

// stateResources is the resources in state, child modules' included; none
// before the first apply.
func (c *CLI) stateResources() []*tfjson.StateResource {
	c.t.Helper()
	return allResources(c.State())
}

// Count returns how many times substr occurs in the run's output.
func (r Result) Count(substr string) int { return strings.Count(r.Output(), substr) }

// Contains fails t unless the output contains every one of substrs.
func (r Result) Contains(t *testing.T, substrs ...string) {
	t.Helper()
	for _, s := range substrs {
		if !strings.Contains(r.Output(), s) {
			t.Errorf("%v output lacks %q:\n%s", r.Args, s, r.Output())
		}
	}
}

// Says is Contains for sentences: Terraform wraps diagnostics at 78
// columns, so runs of whitespace (line breaks and a diagnostic's
// indentation included) compare equal to one space.
func (r Result) Says(t *testing.T, substrs ...string) {
	t.Helper()
	out := strings.Join(strings.Fields(r.Output()), " ")
	for _, s := range substrs {
		if !strings.Contains(out, strings.Join(strings.Fields(s), " ")) {
			t.Errorf("%v output does not say %q:\n%s", r.Args, s, r.Output())
		}
	}
}

// Lacks fails t if the output contains any of substrs.
func (r Result) Lacks(t *testing.T, substrs ...string) {
	t.Helper()
	for _, s := range substrs {
		if strings.Contains(r.Output(), s) {
			t.Errorf("%v output contains %q:\n%s", r.Args, s, r.Output())
		}
	}
}

// String describes the run for failure messages.
func (r Result) String() string { return fmt.Sprintf("%v (exit %d)", r.Args, r.ExitCode) }

// SummaryIs reports whether got is the summary want, or want followed by
// ": " and the object it is about: cost warnings are "Pod Compute Cost:
// \"train\" at $0.69/h", unique per object because Terraform folds
// warnings with equal summaries into one.
func SummaryIs(got, want string) bool {
	return got == want || strings.HasPrefix(got, want+": ")
}
