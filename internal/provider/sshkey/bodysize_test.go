package sshkey_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A key whose comment makes the PUT body exceed Runpod's
// 102400-byte limit is refused at plan time, naming the attribute, with
// nothing sent to the API.
func TestAccSSHKey_bodyOverLimitIsAPlanError(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	huge := testKey(1, strings.Repeat("c", 100*1024))
	cli.SetConfig(keyConfig(huge))
	cli.Init()
	res := cli.Run("plan", "-input=false")
	if res.ExitCode == 0 {
		t.Fatalf("plan succeeded with a %d-byte key", len(huge))
	}
	printed(t, res, "Request Body Too Large", "102400 bytes", "public_key", fingerprint(huge), "Shorten the comment")
	if n := len(env.Fake.Requests()); n != 0 {
		t.Fatalf("%d requests reached the API", n)
	}
}

func TestAccSSHKeys_bodyOverLimitIsAPlanError(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	// Each key fits alone; together they do not.
	big, bigger := testKey(1, strings.Repeat("a", 50*1024)), testKey(2, strings.Repeat("b", 60*1024))
	cli.SetConfig(keysConfig(testKey(3, "small"), big, bigger))
	cli.Init()
	res := cli.Run("plan", "-input=false")
	if res.ExitCode == 0 {
		t.Fatal("plan succeeded with keys over the body limit together")
	}
	printed(t, res, "Request Body Too Large", "102400 bytes", "largest entry of keys is "+fingerprint(bigger))
	if n := len(env.Fake.Requests()); n != 0 {
		t.Fatalf("%d requests reached the API", n)
	}
}

// A key that fits alone but not with the account's other keys is known to
// be too large only at apply: refused before anything is sent, with the same
// message, and a 413 from the API reads the same.
func TestAccSSHKey_bodyOverLimitAtApply(t *testing.T) {
	t.Parallel()
	t.Run("with_the_account_keys", func(t *testing.T) {
		t.Parallel()
		env := acctest.New(t)
		others := []string{testKey(100, strings.Repeat("x", 45*1024)), testKey(101, strings.Repeat("y", 45*1024))}
		env.Fake.SetSSHKeys(others...)
		cli := env.CLI(t)
		key := testKey(1, strings.Repeat("k", 20*1024))
		cli.SetConfig(keyConfig(key))
		cli.Init()
		res := cli.Run("apply", "-auto-approve", "-input=false")
		if res.ExitCode == 0 {
			t.Fatal("apply succeeded over the body limit")
		}
		printed(t, res, "Request Body Too Large", "102400 bytes", "Shorten public_key's comment", fingerprint(key))
		if n := env.Fake.CountRequests("PUT", "/v2/account/ssh-keys"); n != 0 {
			t.Fatalf("%d PUTs sent over the limit", n)
		}
		if err := accountKeys(env.Fake, others...); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("413", func(t *testing.T) {
		t.Parallel()
		env := acctest.New(t)
		// Runpod's own count may differ from the provider's (the limit also
		// applies after expansions): a 413 gets the same explanation.
		env.Fake.InjectFault(runpodfake.Fault{Method: "PUT", Path: "/v2/account/ssh-keys", Status: http.StatusRequestEntityTooLarge})
		cli := env.CLI(t)
		key := testKey(1, "me@laptop")
		cli.SetConfig(keyConfig(key))
		cli.Init()
		res := cli.Run("apply", "-auto-approve", "-input=false")
		if res.ExitCode == 0 {
			t.Fatal("apply succeeded despite a 413")
		}
		printed(t, res, "Request Body Too Large", "102400 bytes", "Shorten public_key's comment", fingerprint(key))
		if err := accountKeys(env.Fake); err != nil {
			t.Fatal(err)
		}
	})
}

// printed checks that the CLI printed each of want, ignoring how Terraform
// wrapped the lines.
func printed(t *testing.T, res acctest.Result, want ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(res.Output()), " ")
	for _, w := range want {
		if !strings.Contains(flat, w) {
			t.Errorf("%v output lacks %q:\n%s", res.Args, w, res.Output())
		}
	}
}
