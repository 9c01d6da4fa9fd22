package clicommand

import (
	"encoding/json"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		line    string
		name    string
		destroy bool
	}{
		{"terraform destroy -auto-approve", "destroy", true},
		{"/usr/bin/tofu -chdir=env/prod destroy", "destroy", true},
		{"terraform plan -destroy -out=tfplan", "plan", true},
		{"terraform apply -auto-approve -destroy", "apply", true},
		{"terraform apply --destroy", "apply", true},
		{"terraform plan -destroy=true", "plan", true},
		{"terraform plan -destroy=false", "plan", false},
		{"terraform plan -destroy=true -destroy=false", "plan", false},
		{"terraform plan -out=tfplan", "plan", false},
		{"terraform apply tfplan", "apply", false},
		{"terraform apply tfplan -destroy", "apply", false}, // after the plan file: not an option
		{"terraform apply -- -destroy", "apply", false},
		{"terraform plan -var region=EU -destroy", "plan", true}, // -var's value is not a plan file
		{"terraform apply -var-file prod.tfvars -target runpod_pod.a -auto-approve -destroy", "apply", true},
		{"tofu plan -out tfplan -lock-timeout 5m -destroy", "plan", true},
		{"terraform apply -refresh-only tfplan -destroy", "apply", false}, // a boolean takes no value
		{"tofu plan -consolidate-warnings -destroy", "plan", true},        // OpenTofu's booleans too
		{"terraform apply -auto-approve", "apply", false},
		{"terraform refresh", "refresh", false},
		{"terraform import runpod_pod.x abc", "import", false},
		{"terraform -chdir=x plan", "plan", false},
		{"terraform console -destroy", "console", false},
		{"terraform test", "test", false},
		{"terraform", "", false},
		{"terraform -version", "", false},
		{"go test -count=1 -run TestAcc ./...", "test", false},
	} {
		got := Parse(strings.Fields(tc.line))
		if got.Name != tc.name || got.Destroy != tc.destroy {
			t.Errorf("Parse(%q) = %+v, want name %q destroy %v", tc.line, got, tc.name, tc.destroy)
		}
	}
	if got := Parse(nil); got != (Command{}) {
		t.Errorf("Parse(nil) = %+v, want the zero Command", got)
	}
	if got := Parse([]string{"/opt/bin/tofu", "plan"}); got.Program != "tofu" {
		t.Errorf("Program = %q, want tofu", got.Program)
	}
}

func TestParallelism(t *testing.T) {
	for _, tc := range []struct {
		line string
		env  map[string]string
		want int
	}{
		{"terraform apply -auto-approve", nil, 0},
		{"terraform apply -parallelism=1", nil, 1},
		{"terraform plan --parallelism=3 -out=tfplan", nil, 3},
		{"terraform apply -parallelism 2 -auto-approve", nil, 2},
		{"terraform -chdir=x destroy -parallelism=4", nil, 4},
		{"terraform apply -parallelism=0", nil, 0},
		{"terraform apply -parallelism=x", nil, 0},
		{"terraform apply -parallelism=2 -parallelism=5", nil, 5},
		{"terraform apply -- -parallelism=1", nil, 0},
		{"terraform apply", map[string]string{"TF_CLI_ARGS": "-parallelism=1"}, 1},
		{"terraform apply", map[string]string{"TF_CLI_ARGS_apply": "-input=false -parallelism=2"}, 2},
		{"terraform plan", map[string]string{"TF_CLI_ARGS_apply": "-parallelism=2"}, 0},
		// The command line comes after the environment's options and wins.
		{"terraform apply -parallelism=3", map[string]string{"TF_CLI_ARGS": "-parallelism=1"}, 3},
		{"terraform apply", map[string]string{"TF_CLI_ARGS": "-parallelism=1", "TF_CLI_ARGS_apply": "-parallelism=2"}, 1},
		{"terraform", map[string]string{"TF_CLI_ARGS": "-parallelism=1"}, 0},
	} {
		got := ParseWithEnv(strings.Fields(tc.line), func(k string) string { return tc.env[k] })
		if got.Parallelism != tc.want {
			t.Errorf("ParseWithEnv(%q, %v).Parallelism = %d, want %d", tc.line, tc.env, got.Parallelism, tc.want)
		}
	}
}

// roleEnv makes this test binary play a part in TestParent: "parent" starts
// the binary again as its child, "child" prints what Parent reads.
const roleEnv = "CLICOMMAND_TEST_ROLE"

func TestMain(m *testing.M) {
	switch os.Getenv(roleEnv) {
	case "parent":
		// argv[0] and the arguments are the command line under test; the
		// child is this binary again, as Terraform starts a provider.
		self, err := os.Executable()
		if err != nil {
			os.Exit(3)
		}
		child := exec.Command(self) //nolint:gosec // the test's own binary
		child.Env = append(os.Environ(), roleEnv+"=child")
		child.Stdout, child.Stderr = os.Stdout, os.Stderr
		if err := child.Run(); err != nil {
			os.Exit(3)
		}
		os.Exit(0)
	case "child":
		cmd, err := Parent()
		if err != nil {
			_, _ = os.Stderr.WriteString(err.Error())
			os.Exit(4)
		}
		_ = json.NewEncoder(os.Stdout).Encode(cmd)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestParent reads the real command line of a real parent process: the test
// binary is started as "terraform destroy ..." (argv[0] set by hand) and
// starts itself again as a child, which reads its parent's arguments.
func TestParent(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		if _, err := Parent(); err != ErrUnsupported {
			t.Fatalf("Parent() error = %v, want ErrUnsupported on %s", err, runtime.GOOS)
		}
		return
	}
	for _, argv := range [][]string{
		{"terraform", "destroy", "-auto-approve"},
		{"tofu", "-chdir=x", "plan", "-destroy"},
		{"terraform", "plan", "-out=tfplan"},
	} {
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		cmd := &exec.Cmd{Path: self, Args: argv, Env: append(os.Environ(), roleEnv+"=parent")}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %v", argv, err)
		}
		var got Command
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%v: child printed %q: %v", argv, out, err)
		}
		if want := Parse(argv); got != want {
			t.Errorf("Parent() under %v = %+v, want %+v", argv, got, want)
		}
	}
}
