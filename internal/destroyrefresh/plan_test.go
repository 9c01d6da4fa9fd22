package destroyrefresh

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// A block as the framework describes one: an id, an argument, a write-only
// secret, and a list block whose objects have a computed attribute.
var testBlock = &tfprotov6.SchemaBlock{
	Attributes: []*tfprotov6.SchemaAttribute{
		{Name: "id", Type: tftypes.String, Computed: true},
		{Name: "name", Type: tftypes.String, Required: true},
		{Name: "secret_wo", Type: tftypes.String, Optional: true, WriteOnly: true},
		{Name: "size", Type: tftypes.Number, Optional: true, Computed: true},
	},
	BlockTypes: []*tfprotov6.SchemaNestedBlock{{
		TypeName: "mount",
		Nesting:  tfprotov6.SchemaNestedBlockNestingModeList,
		Block: &tfprotov6.SchemaBlock{Attributes: []*tfprotov6.SchemaAttribute{
			{Name: "path", Type: tftypes.String, Required: true},
			{Name: "host", Type: tftypes.String, Computed: true},
		}},
	}},
}

func TestPlanBlock(t *testing.T) {
	mountType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"path": tftypes.String, "host": tftypes.String}}
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"id": tftypes.String, "name": tftypes.String, "secret_wo": tftypes.String, "size": tftypes.Number,
		"mount": tftypes.List{ElementType: mountType},
	}}
	value := func(id, size, host any) tftypes.Value {
		return tftypes.NewValue(typ, map[string]tftypes.Value{
			"id":        tftypes.NewValue(tftypes.String, id),
			"name":      tftypes.NewValue(tftypes.String, "a"),
			"secret_wo": tftypes.NewValue(tftypes.String, "hunter2"),
			"size":      tftypes.NewValue(tftypes.Number, size),
			"mount": tftypes.NewValue(tftypes.List{ElementType: mountType}, []tftypes.Value{
				tftypes.NewValue(mountType, map[string]tftypes.Value{
					"path": tftypes.NewValue(tftypes.String, "/w"),
					"host": tftypes.NewValue(tftypes.String, host),
				}),
			}),
		})
	}
	withoutSecret := func(v tftypes.Value) tftypes.Value {
		var fields map[string]tftypes.Value
		if err := v.As(&fields); err != nil {
			t.Fatal(err)
		}
		fields["secret_wo"] = tftypes.NewValue(tftypes.String, nil)
		return tftypes.NewValue(typ, fields)
	}

	// A create: computed values the configuration leaves null are unknown.
	got, err := planBlock(testBlock, value(nil, nil, nil), true)
	if err != nil {
		t.Fatal(err)
	}
	if want := withoutSecret(value(tftypes.UnknownValue, tftypes.UnknownValue, tftypes.UnknownValue)); !got.Equal(want) {
		t.Errorf("create planned\n%s\nwant\n%s", got, want)
	}

	// An update keeps what Terraform proposed (prior computed values), less
	// the write-only value; a null computed value stays null.
	got, err = planBlock(testBlock, value("pod-1", nil, "h"), false)
	if err != nil {
		t.Fatal(err)
	}
	if want := withoutSecret(value("pod-1", nil, "h")); !got.Equal(want) {
		t.Errorf("update planned\n%s\nwant\n%s", got, want)
	}
}

type fakeServer struct {
	fullServer
}

func TestWrapOnlyWhenDestroying(t *testing.T) {
	inner := &fakeServer{}
	if got := Wrap(inner, false); got != tfprotov6.ProviderServer(inner) {
		t.Errorf("Wrap(server, false) = %T, want the server itself", got)
	}
	if _, ok := Wrap(inner, true).(*preDestroy); !ok {
		t.Errorf("Wrap(server, true) does not wrap it")
	}
	// What tf6server looks for must survive the wrapping.
	w := Wrap(inner, true)
	if _, ok := w.(tfprotov6.ListResourceServer); !ok {
		t.Error("the wrapped server lost list resources")
	}
	if _, ok := w.(tfprotov6.ActionServer); !ok {
		t.Error("the wrapped server lost actions")
	}
}
