package runpodfake

import (
	"net/http"
	"testing"
)

const (
	testKeyA = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILXGDN/SclOozk1xsDztpmhGiKkkrfQB9SKoO8dSIQQZ me@example.com"
	testKeyB = "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTY="
)

func TestSSHKeysReplaceTheWholeSet(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	mustEqual(t, "empty account", c.do("GET", "/v2/account/ssh-keys", nil).wantStatus(t, http.StatusOK).object(t),
		map[string]any{"keys": []any{}})

	put := c.do("PUT", "/v2/account/ssh-keys", map[string]any{"keys": []string{testKeyA, testKeyB}}).
		wantStatus(t, http.StatusOK).object(t)
	mustEqual(t, "PUT answer", put, map[string]any{"keys": []any{testKeyA, testKeyB}})
	mustEqual(t, "GET after PUT", c.do("GET", "/v2/account/ssh-keys", nil).object(t), put)

	// Keys left out are removed.
	c.do("PUT", "/v2/account/ssh-keys", map[string]any{"keys": []string{testKeyB}}).wantStatus(t, http.StatusOK)
	mustEqual(t, "stored", f.SSHKeys(), []string{testKeyB})
	// [] removes every key.
	c.do("PUT", "/v2/account/ssh-keys", map[string]any{"keys": []string{}}).wantStatus(t, http.StatusOK)
	mustEqual(t, "after []", len(f.SSHKeys()), 0)

	f.SetSSHKeys(testKeyA)
	mustEqual(t, "after SetSSHKeys", c.do("GET", "/v2/account/ssh-keys", nil).object(t), map[string]any{"keys": []any{testKeyA}})
}

func TestSSHKeysRefusals(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.SetSSHKeys(testKeyA)
	cases := []struct {
		name string
		body any
		want string
	}{
		{"not a key", map[string]any{"keys": []string{"hello"}}, "$.keys[0]: 'hello' does not match pattern"},
		{"unknown type prefix", map[string]any{"keys": []string{"rsa AAAA"}}, "does not match pattern"},
		{"no blob", map[string]any{"keys": []string{"ssh-ed25519"}}, "does not match pattern"},
		{"trailing newline", map[string]any{"keys": []string{testKeyA + "\n"}}, "does not match pattern"},
		{"missing keys", map[string]any{}, "$: missing property 'keys'"},
		{"null keys", map[string]any{"keys": nil}, "$.keys: got null, want array"},
		{"unknown field", map[string]any{"keys": []string{}, "mode": "merge"}, "additional properties 'mode' not allowed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			c.do("PUT", "/v2/account/ssh-keys", tc.body).wantProblem(t, http.StatusUnprocessableEntity, tc.want)
		})
	}
	c.t = t
	mustEqual(t, "untouched", f.SSHKeys(), []string{testKeyA})
	c.do("POST", "/v2/account/ssh-keys", map[string]any{"keys": []string{}}).wantProblem(t, http.StatusMethodNotAllowed, "")
}
