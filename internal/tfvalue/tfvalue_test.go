package tfvalue_test

import (
	"context"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

func TestKnown(t *testing.T) {
	if tfvalue.Known(types.StringNull()) || tfvalue.Known(types.StringUnknown()) || !tfvalue.Known(types.StringValue("")) {
		t.Fatal("Known must be true only for a value that is neither null nor unknown")
	}
}

func TestStrings(t *testing.T) {
	ctx := context.Background()
	list, _ := types.ListValueFrom(ctx, types.StringType, []string{"a", "b"})
	set, _ := types.SetValueFrom(ctx, types.StringType, []string{"c"})
	for _, c := range []struct {
		v    tfvalue.Collection
		want []string
	}{
		{list, []string{"a", "b"}},
		{set, []string{"c"}},
		{types.ListNull(types.StringType), nil},
		{types.SetUnknown(types.StringType), nil},
	} {
		got, diags := tfvalue.Strings(ctx, c.v)
		if diags.HasError() || !slices.Equal(got, c.want) || (c.want == nil) != (got == nil) {
			t.Errorf("Strings(%s) = %#v, %v; want %#v", c.v, got, diags, c.want)
		}
	}
}

func TestStringsIfKnown(t *testing.T) {
	ctx := context.Background()
	var diags diag.Diagnostics
	if _, ok := tfvalue.StringsIfKnown(ctx, types.ListUnknown(types.StringType), &diags); ok {
		t.Error("unknown must not read as known")
	}
	if got, ok := tfvalue.StringsIfKnown(ctx, types.ListNull(types.StringType), &diags); !ok || got != nil {
		t.Errorf("null: %#v %v", got, ok)
	}
	list, _ := types.ListValueFrom(ctx, types.StringType, []string{"a"})
	if got, ok := tfvalue.StringsIfKnown(ctx, list, &diags); !ok || !slices.Equal(got, []string{"a"}) {
		t.Errorf("list: %#v %v", got, ok)
	}
	// A set holding the id of an object created in the same apply.
	partly := types.SetValueMust(types.StringType, []attr.Value{types.StringValue("a"), types.StringUnknown()})
	if _, ok := tfvalue.StringsIfKnown(ctx, partly, &diags); ok {
		t.Error("a set with an unknown element must not read as known")
	}
	if diags.HasError() {
		t.Fatal(diags)
	}
}
