// Package clicommand tells which Terraform or OpenTofu command started this
// provider process, from the command line of its parent process.
//
// The plugin protocol does not say whether a plan is one the user will apply
// or the normal plan that `terraform destroy` (and `plan -destroy`) makes
// first only to refresh state (hashicorp/terraform#33908). The provider needs
// to know, so that a check of a create that will never happen cannot abort a
// destroy. Terraform and OpenTofu start each provider as a child process, so
// the parent's arguments answer it. When the parent cannot be read (a
// provider attached with TF_REATTACH_PROVIDERS, as debuggers and the
// in-process acceptance harness do, or a platform without a reader) the
// command is unknown and the provider behaves as for any other plan.
package clicommand

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Command is a parsed Terraform or OpenTofu command line.
type Command struct {
	// Program is the base name of the executable (terraform, tofu, ...).
	Program string
	// Name is the subcommand (plan, apply, destroy, ...), empty when none.
	Name string
	// Destroy reports that the command destroys: `destroy`, or `plan` or
	// `apply` with -destroy.
	Destroy bool
	// Parallelism is the command's -parallelism (the number of graph nodes
	// Terraform runs at once), 0 when not given: Terraform's default (10).
	Parallelism int
}

// ErrUnsupported is returned where this platform has no reader of another
// process's arguments.
var ErrUnsupported = errors.New("reading the parent process's arguments is not supported on this platform")

// Parent returns the command of the process that started this one, with
// the options Terraform and OpenTofu read from TF_CLI_ARGS and
// TF_CLI_ARGS_<command> (a provider inherits their environment).
func Parent() (Command, error) {
	args, err := processArgs(os.Getppid())
	if err != nil {
		return Command{}, err
	}
	return ParseWithEnv(args, os.Getenv), nil
}

// ParseWithEnv is Parse with the options of TF_CLI_ARGS_<command> and
// TF_CLI_ARGS inserted after the subcommand, as Terraform and OpenTofu
// insert them (so that the command line's own options come last and win).
// Only -parallelism is read from them: -destroy there would be unusual, and
// mistaking a plan for a destroy's refresh would skip its checks.
func ParseWithEnv(argv []string, getenv func(string) string) Command {
	cmd := Parse(argv)
	if cmd.Name == "" {
		return cmd
	}
	var extra []string
	extra = append(extra, strings.Fields(getenv("TF_CLI_ARGS_"+cmd.Name))...)
	extra = append(extra, strings.Fields(getenv("TF_CLI_ARGS"))...)
	if n := parallelismFlag(append(extra, commandArgs(argv)...)); n != 0 {
		cmd.Parallelism = n
	}
	return cmd
}

// commandArgs is what follows the subcommand in argv.
func commandArgs(argv []string) []string {
	if len(argv) == 0 {
		return nil
	}
	rest := argv[1:]
	for len(rest) > 0 && strings.HasPrefix(rest[0], "-") {
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return nil
	}
	return rest[1:]
}

// parallelismFlag is the last -parallelism in args (-parallelism=N,
// --parallelism=N or -parallelism N, as the flag package reads them), 0
// when there is none or it is not a positive number (Terraform then uses
// its default or refuses to run).
func parallelismFlag(args []string) int {
	n := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "parallelism" {
			continue
		}
		if !hasValue && i+1 < len(args) {
			i++
			value = args[i]
		}
		if v, err := strconv.Atoi(value); err == nil && v > 0 {
			n = v
		}
	}
	return n
}

// Parse reads a Terraform or OpenTofu command line (argv, program first).
// Global options (-chdir=DIR, -help, -version) may come before the
// subcommand; -destroy, as the flag package reads it (-destroy, --destroy,
// -destroy=true), counts only among the options of plan and apply, before
// the first positional argument or "--".
func Parse(argv []string) Command {
	if len(argv) == 0 {
		return Command{}
	}
	cmd := Command{Program: filepath.Base(argv[0])}
	rest := argv[1:]
	for len(rest) > 0 && strings.HasPrefix(rest[0], "-") {
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return cmd
	}
	cmd.Name, rest = rest[0], rest[1:]
	switch cmd.Name {
	case "destroy":
		cmd.Destroy = true
	case "plan", "apply":
		cmd.Destroy = destroyFlag(rest)
	}
	cmd.Parallelism = parallelismFlag(rest)
	return cmd
}

// valueFlags are the options of plan and apply (Terraform's and OpenTofu's)
// that take a value, which may follow as the next argument (-var k=v,
// -var-file f). The others are booleans, which never do.
var valueFlags = map[string]bool{
	"var": true, "var-file": true, "target": true, "target-file": true, "exclude": true, "exclude-file": true,
	"replace": true, "out": true, "lock-timeout": true, "parallelism": true, "state": true, "state-out": true,
	"backup": true, "generate-config-out": true, "deprecation": true,
}

// destroyFlag reports whether the options of plan or apply set -destroy.
// The options end at the first positional argument (a saved plan) or "--";
// a value given as the next argument (-var-file prod.tfvars) is skipped.
func destroyFlag(args []string) bool {
	destroy := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "destroy" {
			if !hasValue && valueFlags[name] {
				i++
			}
			continue
		}
		if !hasValue {
			destroy = true
			continue
		}
		if b, err := strconv.ParseBool(value); err == nil {
			destroy = b
		}
	}
	return destroy
}
