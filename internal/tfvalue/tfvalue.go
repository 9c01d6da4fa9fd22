// Package tfvalue holds the small readers of Terraform values that every
// resource needs, so that each is written once: whether a value is known,
// a list or set of strings as a Go slice, and the options for reading a
// nested object.
package tfvalue

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// Maybe is any Terraform value: it can be null or unknown (attr.Value, and
// every types.X value).
type Maybe interface {
	IsNull() bool
	IsUnknown() bool
}

// Collection is a list or set value (types.List, types.Set).
type Collection interface {
	Maybe
	Elements() []attr.Value
	ElementsAs(ctx context.Context, target any, allowUnhandled bool) diag.Diagnostics
}

// Known reports a value that is neither null nor unknown: the only kind
// whose content can be read.
func Known(v Maybe) bool { return !v.IsNull() && !v.IsUnknown() }

// Strings reads a list or set of strings; null and unknown both read as
// nil, for callers that treat "not set" and "not known yet" alike (building
// an API request from a plan, where unknown cannot occur at apply).
func Strings(ctx context.Context, v Collection) ([]string, diag.Diagnostics) {
	if !Known(v) {
		return nil, nil
	}
	var out []string
	diags := v.ElementsAs(ctx, &out, false)
	return out, diags
}

// StringsIfKnown reads a list or set of strings at plan time, when unknown
// must not be taken for empty: ok is false when v or any of its elements is
// unknown (an id of an object created in the same apply); null reads as nil
// with ok true. Read errors are appended to diags.
func StringsIfKnown(ctx context.Context, v Collection, diags *diag.Diagnostics) (out []string, ok bool) {
	if v.IsUnknown() {
		return nil, false
	}
	if v.IsNull() {
		return nil, true
	}
	for _, e := range v.Elements() {
		if e.IsUnknown() {
			return nil, false
		}
	}
	diags.Append(v.ElementsAs(ctx, &out, false)...)
	return out, true
}

// ObjectAsOptions are the options every nested object is read with: the
// framework's defaults, so that a null or unknown field is an error to
// handle instead of a silently empty value. Callers read only known
// objects.
var ObjectAsOptions = basetypes.ObjectAsOptions{}
