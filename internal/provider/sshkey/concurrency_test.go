package sshkey_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
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
func keysConfigN(t *testing.T, keys []string) string {
	t.Helper()
	return acctest.Testdata(t, "ssh_key_per_key", struct{ Keys []string }{keys})
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

// Two Terraform runs (two provider processes) each with
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
				c.SetConfig(keysConfigN(t, keysOf[name]))
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

// staleWriterProxy serves env's fake through a proxy that, after each of the
// first n PUTs of the key set, puts back the set from before that PUT: a
// writer in another process that read the set earlier and wrote it after
// us. It does so before the PUT's response leaves, so the provider can only
// notice by reading again. It returns CLI for a provider aimed at the proxy.
func staleWriterProxy(t *testing.T, env *acctest.Env, n int) *acctest.CLI {
	t.Helper()
	target, err := url.Parse(env.Fake.URL())
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	var mu sync.Mutex
	left := n
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		undo := r.Method == http.MethodPut && r.URL.Path == "/v2/account/ssh-keys" && left > 0
		if undo {
			left--
		}
		mu.Unlock()
		if !undo {
			proxy.ServeHTTP(w, r)
			return
		}
		before := env.Fake.SSHKeys()
		rec := httptest.NewRecorder()
		proxy.ServeHTTP(rec, r)
		env.Fake.SetSSHKeys(before...)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	}))
	t.Cleanup(srv.Close)
	vars := map[string]string{provider.EnvBaseURL: srv.URL, provider.EnvAPIKey: runpodfake.DefaultAPIKey}
	return acctest.NewCLI(t, acctest.FactoriesWithEnv(func(k string) string { return vars[k] }))
}

// A change undone by another writer right after it was made is made again,
// for adds and removals, for both resources; one undone every time is an
// error naming the key, and a key that cannot be removed stays in state.
func TestAccSSHKey_changeUndoneByAnotherWriter(t *testing.T) {
	t.Parallel()
	key := testKey(1, "me@laptop")
	t.Run("ssh_key_redone", func(t *testing.T) {
		t.Parallel()
		env := acctest.New(t)
		cli := staleWriterProxy(t, env, 2)
		cli.SetConfig(keyConfig(key))
		cli.Init()
		cli.MustRun("apply", "-auto-approve", "-input=false")
		if err := accountKeys(env.Fake, key); err != nil {
			t.Fatal(err)
		}
		if n := env.Fake.CountRequests("PUT", "/v2/account/ssh-keys"); n != 3 {
			t.Fatalf("%d PUTs, want 3 (two undone, one that held)", n)
		}
	})
	t.Run("ssh_key_destroy_undone_every_time", func(t *testing.T) {
		t.Parallel()
		env := acctest.New(t)
		env.Fake.SetSSHKeys(testKey(100, "console"))
		cli := staleWriterProxy(t, env, 0)
		cli.SetConfig(keyConfig(key))
		cli.Init()
		cli.MustRun("apply", "-auto-approve", "-input=false")
		cli = staleWriterProxyFrom(t, env, cli, 1000)
		res := cli.Run("destroy", "-auto-approve", "-input=false")
		if res.ExitCode == 0 {
			t.Fatal("destroy reported success while the key is registered")
		}
		printed(t, res, "SSH Key Still Registered", fingerprint(key), "put it back")
		if got := cli.StateAddresses(); !slices.Equal(got, []string{keyAddr}) {
			t.Fatalf("state after the failed destroy = %v, want the key kept", got)
		}
		if err := accountKeys(env.Fake, testKey(100, "console"), key); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("ssh_keys_destroy_redone", func(t *testing.T) {
		t.Parallel()
		env := acctest.New(t)
		cli := staleWriterProxy(t, env, 0)
		cli.SetConfig(keysConfig(key, testKey(2, "ci")))
		cli.Init()
		cli.MustRun("apply", "-auto-approve", "-input=false")
		cli = staleWriterProxyFrom(t, env, cli, 3)
		cli.MustRun("destroy", "-auto-approve", "-input=false")
		if err := accountKeys(env.Fake); err != nil {
			t.Fatal(err)
		}
	})
}

// staleWriterProxyFrom is staleWriterProxy for the working directory of an
// existing CLI (its state and configuration).
func staleWriterProxyFrom(t *testing.T, env *acctest.Env, prev *acctest.CLI, n int) *acctest.CLI {
	t.Helper()
	cli := staleWriterProxy(t, env, n)
	cli.Dir = prev.Dir
	return cli
}
