package privatestate_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
)

// memStore behaves like the framework's private state: values must be
// valid JSON and nil removes a key.
type memStore map[string][]byte

func (m memStore) GetKey(_ context.Context, key string) ([]byte, diag.Diagnostics) {
	return m[key], nil
}

func (m memStore) SetKey(_ context.Context, key string, value []byte) diag.Diagnostics {
	var diags diag.Diagnostics
	if len(value) == 0 {
		delete(m, key)
		return nil
	}
	if !json.Valid(value) {
		diags.AddError("invalid JSON", string(value))
		return diags
	}
	m[key] = value
	return nil
}

func TestKeyRoundTrip(t *testing.T) {
	ctx := context.Background()
	type marker struct {
		ID    string `json:"id"`
		Count int64  `json:"count"`
	}
	s := memStore{}
	k := privatestate.NewKey[marker]("replacing")
	if _, ok, diags := k.Get(ctx, s); ok || diags.HasError() {
		t.Fatalf("absent key: ok=%v diags=%v", ok, diags)
	}
	if diags := k.Set(ctx, s, marker{ID: "c1", Count: 2}); diags.HasError() {
		t.Fatal(diags)
	}
	got, ok, diags := k.Get(ctx, s)
	if !ok || diags.HasError() || got != (marker{ID: "c1", Count: 2}) {
		t.Fatalf("got %+v ok=%v diags=%v", got, ok, diags)
	}
	if diags := k.Remove(ctx, s); diags.HasError() {
		t.Fatal(diags)
	}
	if _, ok, _ := k.Get(ctx, s); ok {
		t.Fatal("removed key still reads as present")
	}
}

// TestReadsOldEncodings pins the bytes earlier provider versions wrote
// under each key, which state on disk still holds.
func TestReadsOldEncodings(t *testing.T) {
	ctx := context.Background()
	s := memStore{
		"imported":          []byte("true"),
		"applied_pod_count": []byte("3"),
		"replacing":         []byte(`"vol-1"`),
		"value_set_at":      []byte(`"2024-01-02T03:04:05Z"`),
		"template_env":      []byte(`{"A":"1"}`),
	}
	if on, diags := privatestate.IsSet(ctx, s, privatestate.NewKey[bool]("imported")); !on || diags.HasError() {
		t.Errorf("imported flag: %v %v", on, diags)
	}
	if n, ok, _ := privatestate.NewKey[int64]("applied_pod_count").Get(ctx, s); !ok || n != 3 {
		t.Errorf("applied_pod_count: %v %v", n, ok)
	}
	if id, ok, _ := privatestate.NewKey[string]("replacing").Get(ctx, s); !ok || id != "vol-1" {
		t.Errorf("replacing: %q %v", id, ok)
	}
	if at, ok, _ := privatestate.NewKey[string]("value_set_at").Get(ctx, s); !ok || at != "2024-01-02T03:04:05Z" {
		t.Errorf("value_set_at: %q %v", at, ok)
	}
	if env, ok, _ := privatestate.NewKey[map[string]string]("template_env").Get(ctx, s); !ok || env["A"] != "1" {
		t.Errorf("template_env: %v %v", env, ok)
	}
}

// TestWritesOldEncodings pins that what is written now is byte for byte
// what earlier versions wrote, so a downgrade reads it too.
func TestWritesOldEncodings(t *testing.T) {
	ctx := context.Background()
	s := memStore{}
	privatestate.SetFlag(ctx, s, privatestate.NewKey[bool]("imported"), true)
	privatestate.NewKey[int64]("applied_pod_count").Set(ctx, s, 3)
	privatestate.NewKey[bool]("global_networking_pending").Set(ctx, s, false)
	privatestate.NewKey[string]("replacing").Set(ctx, s, "vol-1")
	for key, want := range map[string]string{
		"imported":                  "true",
		"applied_pod_count":         "3",
		"global_networking_pending": "false",
		"replacing":                 `"vol-1"`,
	} {
		if got := string(s[key]); got != want {
			t.Errorf("%s: wrote %s, want %s", key, got, want)
		}
	}
	privatestate.SetFlag(ctx, s, privatestate.NewKey[bool]("imported"), false)
	if _, present := s["imported"]; present {
		t.Error("a cleared flag stays in state")
	}
}

func TestUndecodableIsAnError(t *testing.T) {
	ctx := context.Background()
	s := memStore{"applied_pod_count": []byte(`"three"`)}
	n, ok, diags := privatestate.NewKey[int64]("applied_pod_count").Get(ctx, s)
	if ok || n != 0 || !diags.HasError() {
		t.Fatalf("got %v ok=%v diags=%v", n, ok, diags)
	}
}

func TestNilStoreReadsAbsent(t *testing.T) {
	if on, diags := privatestate.IsSet(context.Background(), nil, privatestate.NewKey[bool]("imported")); on || diags.HasError() {
		t.Fatalf("nil store: %v %v", on, diags)
	}
}
