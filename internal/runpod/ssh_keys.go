package runpod

import (
	"context"
	"net/http"
)

const sshKeysPath = "/v2/account/ssh-keys"

type sshKeys struct {
	Keys []string `json:"keys"`
}

// GetSSHKeys returns the account's registered SSH public keys, one
// authorized_keys line each, as the API stores them.
func (c *Client) GetSSHKeys(ctx context.Context) ([]string, error) {
	var out sshKeys
	if err := c.do(ctx, http.MethodGet, sshKeysPath, nil, nil, &out); err != nil {
		return nil, err
	}
	return nonNilKeys(out.Keys), nil
}

// PutSSHKeys replaces the account's whole key set: keys not in the list are
// removed, and an empty list removes them all. Callers that mean to add or
// remove one key must read, modify and put under a lock, since the API has no
// per-key operation. It returns the set the API stored.
func (c *Client) PutSSHKeys(ctx context.Context, keys []string) ([]string, error) {
	var out sshKeys
	if err := c.do(ctx, http.MethodPut, sshKeysPath, nil, sshKeys{Keys: nonNilKeys(keys)}, &out); err != nil {
		return nil, err
	}
	return nonNilKeys(out.Keys), nil
}

// nonNilKeys makes an empty set encode as [] rather than null, which the
// API's schema refuses.
func nonNilKeys(keys []string) []string {
	if keys == nil {
		return []string{}
	}
	return keys
}
