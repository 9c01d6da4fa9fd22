package provider

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

// stubResource is a resource that only has a type name.
type stubResource struct {
	resource.Resource
	name string
}

func (s stubResource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = s.name
}

// A test resource takes the place of the provider's resource of the same
// type name and leaves the others as they are.
func TestTestResourcesReplaceByTypeName(t *testing.T) {
	ctx := context.Background()
	stub := func() resource.Resource { return stubResource{name: pod.ResourceType} }
	p := NewWithEnv("test", func(string) string { return "" }, stub)().(*runpodProvider)
	plain := NewWithEnv("test", func(string) string { return "" })().(*runpodProvider)

	got, want := p.Resources(ctx), plain.Resources(ctx)
	if len(got) != len(want) {
		t.Fatalf("%d resources, want %d", len(got), len(want))
	}
	replaced := 0
	for i := range got {
		if _, ok := got[i]().(stubResource); ok {
			replaced++
			var resp resource.MetadataResponse
			want[i]().Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "runpod"}, &resp)
			if resp.TypeName != pod.ResourceType {
				t.Errorf("the test resource took the place of %s", resp.TypeName)
			}
		}
	}
	if replaced != 1 {
		t.Errorf("the test resource is in %d places, want 1", replaced)
	}
}

// A test resource whose type the provider does not have is a mistake in
// the test, not something to ignore.
func TestTestResourceOfUnknownTypePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a test resource that replaces nothing")
		}
	}()
	stub := func() resource.Resource { return stubResource{name: "runpod_nothing"} }
	NewWithEnv("test", func(string) string { return "" }, stub)().Resources(context.Background())
}

func TestProviderSchemaMatchesModel(t *testing.T) {
	var resp provider.SchemaResponse
	(&runpodProvider{}).Schema(context.Background(), provider.SchemaRequest{}, &resp)
	schemacheck.ModelMatches(t, resp.Schema.Attributes, providerModel{})
}

// stubAction is an action that only has a type name.
type stubAction struct {
	action.Action
	name string
}

func (s stubAction) Metadata(_ context.Context, _ action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = s.name
}

// Test actions replace the provider's actions of the same type names, as
// test resources do.
func TestTestActionsReplaceByTypeName(t *testing.T) {
	stub := func() action.Action { return stubAction{name: "runpod_pod_stop"} }
	got := NewForTests("test", func(string) string { return "" }, TestOverrides{Actions: []func() action.Action{stub}})().(*runpodProvider).
		Actions(context.Background())
	replaced := 0
	for _, f := range got {
		if _, ok := f().(stubAction); ok {
			replaced++
		}
	}
	if replaced != 1 || len(got) != 3 {
		t.Errorf("%d of %d actions replaced, want 1 of 3", replaced, len(got))
	}
}
