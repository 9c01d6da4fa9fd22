package runpodfake

import (
	"net/http"
	"slices"
)

// sshKeyItemPattern is UpdateSshKeysRequest's item pattern: an
// authorized_keys line "<type> <base64> [comment]".
const sshKeyItemPattern = `^(ssh|ecdsa|sk)-[^\s]+ [^\s]+([ \t][^\n\r]*)?$`

var updateSSHKeysSchema = sObject(map[string]*schema{
	"keys": sArray(sPattern(sshKeyItemPattern)),
}, "keys")

type sshKeysBody struct {
	Keys []string `json:"keys"`
}

// The account's key set is one object: GET reads it, PUT replaces all of it
// (keys left out are removed, [] removes every key). There is no per-key
// route. The API is not documented to trim, dedupe or reorder, so the fake
// stores exactly what was sent.
func (f *Fake) sshKeyRoutes() {
	f.handle("GET /v2/account/ssh-keys", f.getSSHKeys)
	f.handle("PUT /v2/account/ssh-keys", f.putSSHKeys)
}

func (f *Fake) sshKeysView() map[string]any {
	keys := slices.Clone(f.sshKeys)
	if keys == nil {
		keys = []string{}
	}
	return map[string]any{"keys": keys}
}

func (f *Fake) getSSHKeys(_ *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return http.StatusOK, f.sshKeysView(), nil
}

func (f *Fake) putSSHKeys(_ *http.Request, body []byte) (int, any, *problem) {
	var b sshKeysBody
	if _, p := decodeStrict(body, updateSSHKeysSchema, &b); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sshKeys = slices.Clone(b.Keys)
	return http.StatusOK, f.sshKeysView(), nil
}

// SetSSHKeys replaces the account's keys out of band, as the console would.
// Keys are stored as given, without validation.
func (f *Fake) SetSSHKeys(keys ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sshKeys = slices.Clone(keys)
}

// SSHKeys returns the account's keys in stored order.
func (f *Fake) SSHKeys() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.sshKeys)
}
