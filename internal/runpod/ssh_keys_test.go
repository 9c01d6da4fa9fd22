package runpod

import (
	"io"
	"net/http"
	"testing"
)

func TestSSHKeyCalls(t *testing.T) {
	type call struct{ method, path, body string }
	var calls []call
	stored := `{"keys":["ssh-ed25519 AAAA a"]}`
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		calls = append(calls, call{r.Method, r.URL.Path, string(body)})
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodPut {
			stored = string(body)
		}
		_, _ = io.WriteString(w, stored)
	})
	ctx := t.Context()
	keys, err := c.GetSSHKeys(ctx)
	if err != nil || len(keys) != 1 || keys[0] != "ssh-ed25519 AAAA a" {
		t.Fatalf("GetSSHKeys = %q, %v", keys, err)
	}
	keys, err = c.PutSSHKeys(ctx, []string{"ssh-ed25519 AAAA a", "ssh-rsa BBBB"})
	if err != nil || len(keys) != 2 {
		t.Fatalf("PutSSHKeys = %q, %v", keys, err)
	}
	// An empty set goes out as [], which removes every key; null would be a 422.
	keys, err = c.PutSSHKeys(ctx, nil)
	if err != nil || keys == nil || len(keys) != 0 {
		t.Fatalf("PutSSHKeys(nil) = %#v, %v", keys, err)
	}
	want := []call{
		{"GET", "/v2/account/ssh-keys", ""},
		{"PUT", "/v2/account/ssh-keys", `{"keys":["ssh-ed25519 AAAA a","ssh-rsa BBBB"]}`},
		{"PUT", "/v2/account/ssh-keys", `{"keys":[]}`},
	}
	if len(calls) != len(want) {
		t.Fatalf("calls = %+v", calls)
	}
	for i := range want {
		if calls[i] != want[i] {
			t.Errorf("call %d = %+v, want %+v", i, calls[i], want[i])
		}
	}
}

// PUT is idempotent, so a 503 is retried: sending the same whole set twice
// cannot do anything a single PUT would not.
func TestSSHKeysPutIsRetried(t *testing.T) {
	var puts int
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		puts++
		if puts == 1 {
			writeProblem(t, w, http.StatusServiceUnavailable, "busy")
			return
		}
		writeJSON(t, w, http.StatusOK, map[string]any{"keys": []string{}})
	})
	if _, err := c.PutSSHKeys(t.Context(), nil); err != nil || puts != 2 {
		t.Fatalf("PutSSHKeys = %v after %d attempts, want success on the second", err, puts)
	}
}
