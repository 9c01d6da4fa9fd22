package destroyrefresh

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// planBlock turns Terraform's proposed value of a block into a valid plan:
// write-only attributes null (Terraform refuses a plan that carries them)
// and, in a create, computed attributes that the configuration leaves null
// unknown, as any create plans them (a null id referenced by another
// resource would make that resource's configuration invalid).
func planBlock(b *tfprotov6.SchemaBlock, v tftypes.Value, create bool) (tftypes.Value, error) {
	if v.IsNull() || !v.IsKnown() {
		return v, nil
	}
	var fields map[string]tftypes.Value
	if err := v.As(&fields); err != nil {
		return v, err
	}
	out := make(map[string]tftypes.Value, len(fields))
	for k, fv := range fields {
		out[k] = fv
	}
	for _, a := range b.Attributes {
		fv, ok := fields[a.Name]
		if !ok {
			continue
		}
		pv, err := planAttribute(a, fv, create)
		if err != nil {
			return v, err
		}
		out[a.Name] = pv
	}
	for _, nb := range b.BlockTypes {
		fv, ok := fields[nb.TypeName]
		if !ok {
			continue
		}
		pv, err := planNested(fv, func(e tftypes.Value) (tftypes.Value, error) { return planBlock(nb.Block, e, create) })
		if err != nil {
			return v, err
		}
		out[nb.TypeName] = pv
	}
	return tftypes.NewValue(v.Type(), out), nil
}

func planAttribute(a *tfprotov6.SchemaAttribute, v tftypes.Value, create bool) (tftypes.Value, error) {
	switch {
	case a.WriteOnly:
		return tftypes.NewValue(v.Type(), nil), nil
	case v.IsNull() && a.Computed && create:
		return tftypes.NewValue(v.Type(), tftypes.UnknownValue), nil
	case a.NestedType != nil:
		return planNested(v, func(e tftypes.Value) (tftypes.Value, error) {
			return planObject(a.NestedType.Attributes, e, create)
		})
	}
	return v, nil
}

// planObject is planBlock for the object of a nested attribute.
func planObject(attrs []*tfprotov6.SchemaAttribute, v tftypes.Value, create bool) (tftypes.Value, error) {
	return planBlock(&tfprotov6.SchemaBlock{Attributes: attrs}, v, create)
}

// planNested applies plan to v when it is one object, or to each element
// when it is a list, set or map of them.
func planNested(v tftypes.Value, plan func(tftypes.Value) (tftypes.Value, error)) (tftypes.Value, error) {
	if v.IsNull() || !v.IsKnown() {
		return v, nil
	}
	switch {
	case v.Type().Is(tftypes.Object{}):
		return plan(v)
	case v.Type().Is(tftypes.List{}), v.Type().Is(tftypes.Set{}):
		var elems []tftypes.Value
		if err := v.As(&elems); err != nil {
			return v, err
		}
		for i, e := range elems {
			pe, err := plan(e)
			if err != nil {
				return v, err
			}
			elems[i] = pe
		}
		return tftypes.NewValue(v.Type(), elems), nil
	case v.Type().Is(tftypes.Map{}):
		var elems map[string]tftypes.Value
		if err := v.As(&elems); err != nil {
			return v, err
		}
		for k, e := range elems {
			pe, err := plan(e)
			if err != nil {
				return v, err
			}
			elems[k] = pe
		}
		return tftypes.NewValue(v.Type(), elems), nil
	}
	return v, fmt.Errorf("nested value of type %s", v.Type())
}
