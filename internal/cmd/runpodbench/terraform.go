package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// buildProvider builds the provider from the module at root into dir, the
// directory the CLI configuration's dev_overrides points at.
func buildProvider(ctx context.Context, root, dir string) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-o", filepath.Join(dir, "terraform-provider-runpod"), ".")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the provider: %w\n%s", err, out)
	}
	return nil
}

// cliConfig is what `make demo` gives Terraform: the provider from dir
// through dev_overrides (no registry, no init) and nothing to download.
func cliConfig(dir string) string {
	return fmt.Sprintf(`provider_installation {
  dev_overrides {
    "runpod-tf/runpod" = %q
  }
  direct {
    exclude = ["*/*/*"]
  }
}
disable_checkpoint = true
`, dir)
}

// cli runs one terraform (or tofu) binary offline, with the provider built
// by buildProvider, against one fake API.
type cli struct {
	bin string
	env []string
}

// newCLI returns a cli with a clean environment: the caller's, minus every
// TF_*, RUNPOD_* and CHECKPOINT_* setting, plus the CLI configuration file
// rc and the API the provider is to use.
func newCLI(bin, rc, apiURL, apiKey string) cli {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "TF_") || strings.HasPrefix(name, "RUNPOD_") || strings.HasPrefix(name, "CHECKPOINT_") {
			continue
		}
		env = append(env, kv)
	}
	env = append(env,
		"TF_CLI_CONFIG_FILE="+rc,
		"CHECKPOINT_DISABLE=1",
		"TF_IN_AUTOMATION=1",
		"RUNPOD_API_URL="+apiURL,
		"RUNPOD_API_KEY="+apiKey,
		"TF_VAR_"+secretVariable+"=bench-secret-value",
	)
	return cli{bin: bin, env: env}
}

// run is one finished CLI command.
type run struct {
	args   []string
	dur    time.Duration
	exit   int
	output string // stdout and stderr, interleaved
}

// errors lists the error diagnostics the command printed.
func (r run) errors() []string { return errorLines(r.output) }

// run runs the CLI in dir with args and times it. Only a failure to start
// (or ctx ending) is an error; a non-zero exit is in the result.
func (c cli) run(ctx context.Context, dir string, args ...string) (run, error) {
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, c.bin, args...)
	cmd.Dir = dir
	cmd.Env = c.env
	cmd.Stdout = &out
	cmd.Stderr = &out
	start := time.Now()
	err := cmd.Run()
	r := run{args: args, dur: time.Since(start), output: out.String()}
	var exitErr *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exitErr) && ctx.Err() == nil:
		r.exit = exitErr.ExitCode()
	default:
		return r, fmt.Errorf("%s %s: %w", filepath.Base(c.bin), strings.Join(args, " "), err)
	}
	return r, nil
}

func (c cli) apply(ctx context.Context, dir string) (run, error) {
	return c.run(ctx, dir, "apply", "-input=false", "-auto-approve", "-no-color")
}

func (c cli) destroy(ctx context.Context, dir string) (run, error) {
	return c.run(ctx, dir, "destroy", "-input=false", "-auto-approve", "-no-color")
}

// plan runs a plan that is expected to find nothing to change
// (-detailed-exitcode: 0 no changes, 2 changes, 1 error).
func (c cli) plan(ctx context.Context, dir string, extra ...string) (run, error) {
	return c.run(ctx, dir, append([]string{"plan", "-input=false", "-no-color", "-detailed-exitcode"}, extra...)...)
}

// version is the CLI's version, from `version -json` (Terraform and
// OpenTofu both print terraform_version).
func (c cli) version(ctx context.Context) (string, error) {
	cmd := exec.CommandContext(ctx, c.bin, "version", "-json")
	cmd.Env = c.env
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s version -json: %w", c.bin, err)
	}
	return parseVersion(out)
}

func parseVersion(out []byte) (string, error) {
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil || v.Version == "" {
		return "", fmt.Errorf("no terraform_version in %q", out)
	}
	return v.Version, nil
}

// errorLines returns the summary line of every error diagnostic in CLI
// output, with or without the box drawing of a colour-less terminal.
func errorLines(output string) []string {
	var out []string
	for _, line := range strings.Split(output, "\n") {
		line = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "│╷╵"))
		if strings.HasPrefix(line, "Error: ") {
			out = append(out, line)
		}
	}
	return out
}

// describe is a command's outcome for failure messages: its exit code and
// its errors, or the tail of its output when it printed none.
func (r run) describe() string {
	if errs := r.errors(); len(errs) > 0 {
		return fmt.Sprintf("exit %d: %s", r.exit, strings.Join(errs, "; "))
	}
	out := strings.TrimSpace(r.output)
	if len(out) > 2000 {
		out = "…" + out[len(out)-2000:]
	}
	return fmt.Sprintf("exit %d:\n%s", r.exit, out)
}
