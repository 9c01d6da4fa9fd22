package sshkey_test

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// testKey returns a real ed25519 public key line, the same for the same n.
func testKey(n int, comment string) string {
	seed := make([]byte, ed25519.SeedSize)
	binary.BigEndian.PutUint32(seed, uint32(n)+1)
	pub := ed25519.NewKeyFromSeed(seed)[ed25519.SeedSize:] // the private key ends with the public one
	line := "ssh-ed25519 " + base64.StdEncoding.EncodeToString(append(wireString([]byte("ssh-ed25519")), wireString(pub)...))
	if comment != "" {
		line += " " + comment
	}
	return line
}

func wireString(b []byte) []byte {
	out := binary.BigEndian.AppendUint32(nil, uint32(len(b)))
	return append(out, b...)
}

// fingerprint computes OpenSSH's SHA256 fingerprint independently of the
// code under test.
func fingerprint(line string) string {
	raw, err := base64.StdEncoding.DecodeString(strings.Fields(line)[1])
	if err != nil {
		panic(err)
	}
	sum := sha256.Sum256(raw)
	return "SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:])
}

// accountKeys asserts the fake's key set, in any order.
func accountKeys(fake *runpodfake.Fake, want ...string) error {
	got := fake.SSHKeys()
	a, b := slices.Clone(got), slices.Clone(want)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		return fmt.Errorf("account keys:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	return nil
}

// beforeApply wraps provider factories so that hook runs right before each
// ApplyResourceChange reaches the provider: after Terraform made its plan,
// before the provider acts on it. Tests use it to change the account in
// that gap.
func beforeApply(factories map[string]func() (tfprotov6.ProviderServer, error), hook func(*tfprotov6.ApplyResourceChangeRequest)) map[string]func() (tfprotov6.ProviderServer, error) {
	out := map[string]func() (tfprotov6.ProviderServer, error){}
	for name, f := range factories {
		out[name] = func() (tfprotov6.ProviderServer, error) {
			srv, err := f()
			return hookServer{ProviderServer: srv, hook: hook}, err
		}
	}
	return out
}

type hookServer struct {
	tfprotov6.ProviderServer
	hook func(*tfprotov6.ApplyResourceChangeRequest)
}

func (s hookServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	s.hook(req)
	return s.ProviderServer.ApplyResourceChange(ctx, req)
}

// planCheck adapts a function to plancheck.PlanCheck.
type planCheck func(context.Context, plancheck.CheckPlanRequest, *plancheck.CheckPlanResponse)

func (f planCheck) CheckPlan(ctx context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	f(ctx, req, resp)
}

// expectKeysChange checks the planned change of a runpod_ssh_keys resource:
// the keys before and after, in any order.
func expectKeysChange(address string, before, after []string) plancheck.PlanCheck {
	return planCheck(func(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
		for _, rc := range req.Plan.ResourceChanges {
			if rc.Address != address {
				continue
			}
			if err := sameStrings("before", rc.Change.Before, before); err != nil {
				resp.Error = err
				return
			}
			resp.Error = sameStrings("after", rc.Change.After, after)
			return
		}
		resp.Error = fmt.Errorf("%s is not in the plan", address)
	})
}

func sameStrings(which string, v any, want []string) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: not an object: %v", which, v)
	}
	items, _ := obj["keys"].([]any)
	var got []string
	for _, it := range items {
		s, _ := it.(string)
		got = append(got, s)
	}
	a, b := slices.Clone(got), slices.Clone(want)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		return fmt.Errorf("%s keys = %q, want %q", which, got, want)
	}
	return nil
}
