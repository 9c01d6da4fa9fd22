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
}

// ErrUnsupported is returned where this platform has no reader of another
// process's arguments.
var ErrUnsupported = errors.New("reading the parent process's arguments is not supported on this platform")

// Parent returns the command of the process that started this one.
func Parent() (Command, error) {
	args, err := processArgs(os.Getppid())
	if err != nil {
		return Command{}, err
	}
	return Parse(args), nil
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
	return cmd
}

// destroyFlag reports whether the options of plan or apply set -destroy.
func destroyFlag(args []string) bool {
	destroy := false
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "destroy" {
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
