package sshkey_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// twoProcesses returns two CLIs whose providers are separate provider
// instances (separate factory sets, so separate Data and SSH key locks),
// both talking to env's one fake: two Terraform runs on two machines
// managing the same account.
func twoProcesses(t *testing.T, env *acctest.Env) (a, b *acctest.CLI) {
	t.Helper()
	vars := map[string]string{provider.EnvBaseURL: env.Fake.URL(), provider.EnvAPIKey: runpodfake.DefaultAPIKey}
	getenv := func(k string) string { return vars[k] }
	return acctest.NewCLI(t, acctest.FactoriesWithEnv(getenv)), acctest.NewCLI(t, acctest.FactoriesWithEnv(getenv))
}

// keysConfigN declares one runpod_ssh_key per key.
func keysConfigN(keys []string) string {
	var b strings.Builder
	for i, k := range keys {
		fmt.Fprintf(&b, "resource \"runpod_ssh_key\" \"k%d\" {\n  public_key = %q\n}\n", i, k)
	}
	return b.String()
}

// both runs the same command in a and b at the same time.
func both(a, b *acctest.CLI, args ...string) (ra, rb acctest.Result) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); ra = a.Run(args...) }()
	go func() { defer wg.Done(); rb = b.Run(args...) }()
	wg.Wait()
	return ra, rb
}

// registered reports whether the fake holds the key (by fingerprint).
func registered(fake *runpodfake.Fake, key string) bool {
	return slices.ContainsFunc(fake.SSHKeys(), func(l string) bool { return fingerprint(l) == fingerprint(key) })
}

// Issue 10, break 3: two Terraform runs (two provider processes) each with
// five runpod_ssh_key, applied at the same time and then destroyed at the
// same time, against one account. The API replaces the whole set and has no
// compare-and-swap, so each run's writes can undo the other's. The promise:
// no key is lost without an error naming it, no key is left registered after
// a destroy that reported success, and the key added in the console
// survives. With verification and re-application both runs succeed, and the
// test holds them to it.
func TestAccSSHKey_twoProcessesAtOnce(t *testing.T) {
	for _, latency := range []time.Duration{0, 25 * time.Millisecond} {
		t.Run(fmt.Sprintf("latency_%s", latency), func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			byHand := testKey(999, "added-in-console")
			env.Fake.SetSSHKeys(byHand)
			if latency > 0 {
				// Widen the window between each run's read and its write.
				env.Fake.InjectFault(runpodfake.Fault{Path: "/v2/account/ssh-keys", Latency: latency, Count: 1 << 30})
			}
			keysOf := map[string][]string{}
			for i := range 5 {
				keysOf["a"] = append(keysOf["a"], testKey(200+i, fmt.Sprintf("run-a-%d", i)))
				keysOf["b"] = append(keysOf["b"], testKey(300+i, fmt.Sprintf("run-b-%d", i)))
			}
			a, b := twoProcesses(t, env)
			cli := map[string]*acctest.CLI{"a": a, "b": b}
			for name, c := range cli {
				c.SetConfig(keysConfigN(keysOf[name]))
				c.Init()
			}

			ra, rb := both(a, b, "apply", "-auto-approve", "-input=false")
			res := map[string]acctest.Result{"a": ra, "b": rb}
			for name, r := range res {
				for _, k := range keysOf[name] {
					if !registered(env.Fake, k) && (r.ExitCode == 0 || !strings.Contains(r.Output(), fingerprint(k))) {
						t.Errorf("run %s: key %s is not registered, and the apply (exit %d) did not say so", name, fingerprint(k), r.ExitCode)
					}
				}
				if r.ExitCode != 0 {
					t.Errorf("run %s: apply failed:\n%s", name, r.Output())
				}
			}
			if !registered(env.Fake, byHand) {
				t.Error("the key added in the console was lost")
			}
			if t.Failed() {
				t.Fatalf("account keys after both applies:\n  %s", strings.Join(env.Fake.SSHKeys(), "\n  "))
			}

			ra, rb = both(a, b, "destroy", "-auto-approve", "-input=false")
			res = map[string]acctest.Result{"a": ra, "b": rb}
			for name, r := range res {
				for _, k := range keysOf[name] {
					if registered(env.Fake, k) && r.ExitCode == 0 {
						t.Errorf("run %s: destroy reported success, but key %s is still registered", name, fingerprint(k))
					}
				}
				if r.ExitCode != 0 {
					t.Errorf("run %s: destroy failed:\n%s", name, r.Output())
				}
			}
			if err := accountKeys(env.Fake, byHand); err != nil {
				t.Error(err)
			}
		})
	}
}
