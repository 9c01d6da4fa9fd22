package sshkey_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const sshKeysPath = "/v2/account/ssh-keys"

// readBackFaults are the failures of the read that verifies a change: runs
// of 500s and of 502s longer than the retries (acctest.FastRetries allows
// one retry; reads are retried on 500 as on 502).
var readBackFaults = map[string]runpodfake.Fault{
	"500_run": {Method: "GET", Path: sshKeysPath, Status: 500, Count: 2},
	"502_run": {Method: "GET", Path: sshKeysPath, Status: 502, Count: 2},
}

// failReadBack lets the first pass reads of the key set through and makes
// the next one (the read after the write that verifies it) fail with f.
func failReadBack(fake *runpodfake.Fake, pass int, f runpodfake.Fault) {
	fake.InjectFault(runpodfake.Fault{Method: "GET", Path: sshKeysPath, Count: pass}) // no effect: just takes its turn
	fake.InjectFault(f)
}

// A runpod_ssh_key whose PUT succeeded but whose verifying read
// failed is kept in state, untainted, with a warning naming the key; the
// next plan is clean, a re-run changes nothing and destroy removes the key.
func TestAccSSHKey_readBackFailsAfterAdd(t *testing.T) {
	for name, fault := range readBackFaults {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			byHand := testKey(100, "console")
			env.Fake.SetSSHKeys(byHand)
			key := testKey(1, "me@laptop")
			cli := env.CLI(t)
			cli.SetConfig(acctest.FastRetries + keyConfig(key))
			cli.Init()
			failReadBack(env.Fake, 1, fault) // the read before the write passes

			res := cli.RunJSON("apply", "-auto-approve", "-input=false")
			if res.ExitCode != 0 {
				t.Fatalf("apply failed although the key was added:\n%s", res.Output())
			}
			ws := res.Warnings("SSH Key Added But Not Read Back")
			if len(ws) != 1 || !strings.Contains(ws[0].Summary, fingerprint(key)) || !strings.Contains(ws[0].Detail, "kept in state") {
				t.Fatalf("want one not-read-back warning naming the key, got %+v", res.Diagnostics("warning"))
			}
			cli.AssertUntainted(keyAddr)
			if got := cli.StateID(keyAddr); got != fingerprint(key) {
				t.Fatalf("state holds %q, want %s", got, fingerprint(key))
			}
			if err := accountKeys(env.Fake, byHand, key); err != nil {
				t.Fatal(err)
			}
			if plan := cli.Run("plan", "-detailed-exitcode", "-input=false"); plan.ExitCode != 0 {
				t.Fatalf("the plan after the outage is not clean (exit %d):\n%s", plan.ExitCode, plan.Output())
			}
			again := cli.MustRun("apply", "-auto-approve", "-input=false")
			again.Contains(t, "0 added, 0 changed, 0 destroyed")
			cli.MustRun("destroy", "-auto-approve", "-input=false")
			if err := accountKeys(env.Fake, byHand); err != nil {
				t.Fatalf("after destroy: %v", err)
			}
		})
	}
}

// The comment update of runpod_ssh_key: the same outcome.
func TestAccSSHKey_readBackFailsAfterUpdate(t *testing.T) {
	for name, fault := range readBackFaults {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			cli := env.CLI(t)
			cli.SetConfig(acctest.FastRetries + keyConfig(testKey(1, "old")))
			cli.Init()
			cli.MustRun("apply", "-auto-approve", "-input=false")
			cli.SetConfig(acctest.FastRetries + keyConfig(testKey(1, "new")))
			failReadBack(env.Fake, 2, fault) // the refresh and the read before the write pass

			res := cli.RunJSON("apply", "-auto-approve", "-input=false")
			if res.ExitCode != 0 {
				t.Fatalf("apply failed although the comment was written:\n%s", res.Output())
			}
			if ws := res.Warnings("SSH Key Updated But Not Read Back"); len(ws) != 1 {
				t.Fatalf("want one not-read-back warning, got %+v", res.Diagnostics("warning"))
			}
			cli.AssertUntainted(keyAddr)
			if err := accountKeys(env.Fake, testKey(1, "new")); err != nil {
				t.Fatal(err)
			}
			if plan := cli.Run("plan", "-detailed-exitcode", "-input=false"); plan.ExitCode != 0 {
				t.Fatalf("the plan after the outage is not clean (exit %d):\n%s", plan.ExitCode, plan.Output())
			}
		})
	}
}

// runpod_ssh_keys: after setting the set (create) and after
// updating it, a failed read back keeps in state the set Runpod returned to
// the write, with a warning, and the next plan is clean.
func TestAccSSHKeys_readBackFails(t *testing.T) {
	a, b, c := testKey(1, "alice"), testKey(2, "bob"), testKey(3, "carol")
	for name, fault := range readBackFaults {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			cli := env.CLI(t)
			cli.SetConfig(acctest.FastRetries + keysConfig(a, b))
			cli.Init()

			failReadBack(env.Fake, 1, fault) // the read before the write passes
			res := cli.RunJSON("apply", "-auto-approve", "-input=false")
			if res.ExitCode != 0 {
				t.Fatalf("create failed although the set was written:\n%s", res.Output())
			}
			if ws := res.Warnings("SSH Keys Set But Not Read Back"); len(ws) != 1 {
				t.Fatalf("want one not-read-back warning, got %+v", res.Diagnostics("warning"))
			}
			cli.AssertUntainted(keysAddr)
			stateKeysAre(t, cli, a, b)
			if err := accountKeys(env.Fake, a, b); err != nil {
				t.Fatal(err)
			}
			if plan := cli.Run("plan", "-detailed-exitcode", "-input=false"); plan.ExitCode != 0 {
				t.Fatalf("the plan after the create is not clean (exit %d):\n%s", plan.ExitCode, plan.Output())
			}

			cli.SetConfig(acctest.FastRetries + keysConfig(b, c))
			failReadBack(env.Fake, 2, fault) // the refresh and the read before the write pass
			res = cli.RunJSON("apply", "-auto-approve", "-input=false")
			if res.ExitCode != 0 {
				t.Fatalf("update failed although the set was written:\n%s", res.Output())
			}
			if ws := res.Warnings("SSH Keys Updated But Not Read Back"); len(ws) != 1 {
				t.Fatalf("want one not-read-back warning, got %+v", res.Diagnostics("warning"))
			}
			cli.AssertUntainted(keysAddr)
			stateKeysAre(t, cli, b, c)
			if err := accountKeys(env.Fake, b, c); err != nil {
				t.Fatal(err)
			}
			if plan := cli.Run("plan", "-detailed-exitcode", "-input=false"); plan.ExitCode != 0 {
				t.Fatalf("the plan after the update is not clean (exit %d):\n%s", plan.ExitCode, plan.Output())
			}
			cli.MustRun("destroy", "-auto-approve", "-input=false")
			if err := accountKeys(env.Fake); err != nil {
				t.Fatalf("after destroy: %v", err)
			}
		})
	}
}

// stateKeysAre checks the keys of runpod_ssh_keys.all in state, in any order.
func stateKeysAre(t *testing.T, cli *acctest.CLI, want ...string) {
	t.Helper()
	items, _ := cli.StateAttributes(keysAddr)["keys"].([]any)
	if err := sameStrings("state", map[string]any{"keys": items}, want); err != nil {
		t.Fatal(err)
	}
}

// The write landed but both its reply and the read back were
// lost, so nothing is in state although the key is registered. The plain
// re-run adopts the key (it was this configuration's) instead of refusing it
// forever, and destroy removes it.
func TestAccSSHKey_rerunAfterLostReplyAndReadAdoptsTheKey(t *testing.T) {
	env := acctest.New(t)
	key := testKey(1, "me@laptop")
	cli := env.CLI(t)
	cli.SetConfig(acctest.FastRetries + keyConfig(key))
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "PUT", Path: sshKeysPath, Status: 502, Count: 2, AfterHandler: true})
	failReadBack(env.Fake, 1, readBackFaults["502_run"])
	first := cli.Run("apply", "-auto-approve", "-input=false")
	if first.ExitCode == 0 {
		t.Fatalf("apply reported success although nothing confirmed the key:\n%s", first.Output())
	}
	if err := accountKeys(env.Fake, key); err != nil {
		t.Fatalf("the fault did not leave the key registered as intended: %v", err)
	}

	res := cli.RunJSON("apply", "-auto-approve", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("the re-run did not converge:\n%s", res.Output())
	}
	if ws := res.Warnings("SSH Key Adopted"); len(ws) != 1 || !strings.Contains(ws[0].Summary, fingerprint(key)) {
		t.Fatalf("want one adoption warning naming the key, got %+v", res.Diagnostics("warning"))
	}
	if plan := cli.Run("plan", "-detailed-exitcode", "-input=false"); plan.ExitCode != 0 {
		t.Fatalf("the plan after the re-run is not clean (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if err := accountKeys(env.Fake); err != nil {
		t.Fatalf("after destroy: %v", err)
	}
}

// A key already registered (here by hand, with another comment) and managed
// by no other resource of the run is adopted with a warning and given the
// configured comment; destroy removes it.
func TestAccSSHKey_alreadyRegisteredIsAdopted(t *testing.T) {
	env := acctest.New(t)
	env.Fake.SetSSHKeys(testKey(1, "registered-by-hand"), testKey(100, "other"))
	key := testKey(1, "me@laptop")
	cli := env.CLI(t)
	cli.SetConfig(keyConfig(key))
	cli.Init()
	res := cli.RunJSON("apply", "-auto-approve", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("apply refused a key that nothing else here manages:\n%s", res.Output())
	}
	ws := res.Warnings("SSH Key Adopted")
	if len(ws) != 1 || !strings.Contains(ws[0].Detail, "registered-by-hand") || !strings.Contains(ws[0].Detail, "removes the key") {
		t.Fatalf("want one adoption warning saying what was registered and what destroy does, got %+v", res.Diagnostics("warning"))
	}
	if err := accountKeys(env.Fake, key, testKey(100, "other")); err != nil {
		t.Fatal(err)
	}
	if plan := cli.Run("plan", "-detailed-exitcode", "-input=false"); plan.ExitCode != 0 {
		t.Fatalf("the plan after the adoption is not clean (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if err := accountKeys(env.Fake, testKey(100, "other")); err != nil {
		t.Fatalf("after destroy: %v", err)
	}
}

// The refusal that remains: two runpod_ssh_key of one configuration with
// the same key (here with different comments). One adds it, the other is
// refused naming the key, and the account holds the key once.
func TestAccSSHKey_sameKeyTwiceInOneRunIsRefused(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(fmt.Sprintf(`
resource "runpod_ssh_key" "a" {
  public_key = %q
}
resource "runpod_ssh_key" "b" {
  public_key = %q
}`, testKey(1, "one"), testKey(1, "two")))
	cli.Init()
	res := cli.Run("apply", "-auto-approve", "-input=false")
	if res.ExitCode == 0 {
		t.Fatalf("two resources were allowed to manage one key:\n%s", res.Output())
	}
	printed(t, res, "SSH Key Managed Twice", fingerprint(testKey(1, "")), "Keep the key in one resource only")
	if got := cli.StateAddresses(); len(got) != 1 {
		t.Fatalf("state = %v, want exactly one of the two resources", got)
	}
	if n := len(env.Fake.SSHKeys()); n != 1 {
		t.Fatalf("the account holds %d keys, want the one key once", n)
	}
}

// A key moved to another resource address in one apply (destroy one,
// create the other, in either order) stays registered and tracked.
func TestAccSSHKey_movedToAnotherAddressStaysRegistered(t *testing.T) {
	env := acctest.New(t)
	key := testKey(1, "me")
	cli := env.CLI(t)
	cli.SetConfig(fmt.Sprintf("resource \"runpod_ssh_key\" \"old\" {\n  public_key = %q\n}", key))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.SetConfig(fmt.Sprintf("resource \"runpod_ssh_key\" \"new\" {\n  public_key = %q\n}", key))
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if err := accountKeys(env.Fake, key); err != nil {
		t.Fatal(err)
	}
	if plan := cli.Run("plan", "-detailed-exitcode", "-input=false"); plan.ExitCode != 0 {
		t.Fatalf("the plan after the move is not clean (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
}

// A plan that registers a key says, once per key
// and naming it, that running pods do not get it; a comment change, which
// registers no new key, says nothing.
func TestAccSSHKey_planWarnsRunningPodsDoNotGetNewKeys(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	one, two, three := testKey(1, "alice"), testKey(2, "bob"), testKey(3, "")
	seedRunningPod(env.Fake, "dev", "")
	twoKeys := func(second string) string {
		return fmt.Sprintf("resource \"runpod_ssh_key\" \"a\" {\n  public_key = %q\n}\nresource \"runpod_ssh_key\" \"b\" {\n  public_key = %q\n}\n", one, second)
	}
	cli.SetConfig(twoKeys(two))
	cli.Init()
	const summary = "Warning: New SSH Key Not On Running Pods: "
	plan := cli.Run("plan", "-input=false")
	if n := plan.Count(summary); n != 2 {
		t.Errorf("the plan creating two keys printed %d warnings about running pods, want 2:\n%s", n, plan.Output())
	}
	plan.Contains(t, summary+"alice ("+fingerprint(one)+")", summary+"bob ("+fingerprint(two)+")", "start_ssh", "PUBLIC_KEY", "depends_on")
	plan.Lacks(t, "more similar warning")
	cli.MustRun("apply", "-auto-approve", "-input=false")

	// Only the comment of a changes: no new key.
	cli.SetConfig(fmt.Sprintf("resource \"runpod_ssh_key\" \"a\" {\n  public_key = %q\n}\nresource \"runpod_ssh_key\" \"b\" {\n  public_key = %q\n}\n", testKey(1, "alice2"), two))
	plan = cli.Run("plan", "-input=false")
	plan.Lacks(t, "New SSH Key Not On Running Pods")

	// b replaced by another key: one warning, for the new key.
	cli.SetConfig(twoKeys(three))
	plan = cli.Run("plan", "-input=false")
	if n := plan.Count(summary); n != 1 {
		t.Errorf("the plan replacing one key printed %d warnings about running pods, want 1:\n%s", n, plan.Output())
	}
	plan.Contains(t, summary+fingerprint(three))
}

// The same for runpod_ssh_keys: one warning per key the plan adds to the
// set, none for the keys it keeps.
func TestAccSSHKeys_planWarnsRunningPodsDoNotGetNewKeys(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	a, b, c, d := testKey(1, "alice"), testKey(2, "bob"), testKey(3, "carol"), testKey(4, "dave")
	seedRunningPod(env.Fake, "dev", "")
	cli.SetConfig(keysConfig(a, b))
	cli.Init()
	const summary = "Warning: New SSH Key Not On Running Pods: "
	plan := cli.Run("plan", "-input=false")
	if n := plan.Count(summary); n != 2 {
		t.Errorf("the plan setting two keys printed %d warnings, want 2:\n%s", n, plan.Output())
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.SetConfig(keysConfig(a, c, d))
	plan = cli.Run("plan", "-input=false")
	if n := plan.Count(summary); n != 2 {
		t.Errorf("the plan adding two keys printed %d warnings, want 2:\n%s", n, plan.Output())
	}
	plan.Contains(t, summary+"carol ("+fingerprint(c)+")", summary+"dave ("+fingerprint(d)+")")
	plan.Lacks(t, summary+"alice", "more similar warning")
}

// seedRunningPod adds a RUNNING pod made in the console, whose PUBLIC_KEY
// holds publicKeys (none when empty).
func seedRunningPod(fake *runpodfake.Fake, name, publicKeys string) runpodfake.Pod {
	p := runpodfake.Pod{Name: name, Image: "runpod/base:0.7.0", GPU: &runpodfake.PodGPU{ID: "NVIDIA GeForce RTX 4090", Count: 1}}
	if publicKeys != "" {
		p.Env = map[string]string{"PUBLIC_KEY": publicKeys}
	}
	return fake.SeedPod(p)
}

// The warning that running pods do not get a new key is given only when
// there are running pods the key does not reach: not on an account
// without pods, nor when every running pod already has the key, and not
// for a stopped pod; it names the pods it is about.
func TestAccSSHKey_newKeyWarningOnlyWithRunningPodsWithoutIt(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	key := testKey(1, "alice")
	cli.SetConfig(fmt.Sprintf("resource \"runpod_ssh_key\" \"a\" {\n  public_key = %q\n}\nresource \"runpod_ssh_key\" \"b\" {\n  public_key = %q\n}\n",
		key, testKey(2, "bob")))
	cli.Init()
	const summary = "New SSH Key Not On Running Pods"

	// No pods at all.
	plan := cli.MustRun("plan", "-input=false")
	plan.Lacks(t, summary)

	// A stopped pod, and a running one that has alice's key: bob's warns,
	// naming the running pod; alice's does not.
	stopped := seedRunningPod(env.Fake, "stopped", "")
	env.Fake.SetPodStatus(stopped.ID, runpodfake.PodStatusExited)
	has := seedRunningPod(env.Fake, "has-alice", key)
	plan = cli.MustRun("plan", "-input=false")
	plan.Lacks(t, "Warning: "+summary+": alice")
	plan.Contains(t, "Warning: "+summary+": bob", has.ID)
	plan.Lacks(t, stopped.ID)

	// A running pod without alice's key: both warn.
	seedRunningPod(env.Fake, "without", "")
	plan = cli.MustRun("plan", "-input=false")
	plan.Contains(t, "Warning: "+summary+": alice", "Warning: "+summary+": bob")
}
