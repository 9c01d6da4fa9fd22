package acctest

import (
	"context"
	"fmt"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// CaptureAttr is a state check that copies a resource's string attribute
// into dst, so that later steps (PreConfig hooks that change the fake out of
// band, import ids) can use the id Terraform created.
func CaptureAttr(address, attribute string, dst *string) statecheck.StateCheck {
	return captureAttr{address: address, attribute: attribute, dst: dst}
}

type captureAttr struct {
	address, attribute string
	dst                *string
}

func (c captureAttr) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	r := findResource(req.State, c.address)
	if r == nil {
		resp.Error = fmt.Errorf("%s is not in state", c.address)
		return
	}
	v, ok := r.AttributeValues[c.attribute].(string)
	if !ok {
		resp.Error = fmt.Errorf("%s.%s is not a string: %v", c.address, c.attribute, r.AttributeValues[c.attribute])
		return
	}
	*c.dst = v
}

func findResource(state *tfjson.State, address string) *tfjson.StateResource {
	for _, r := range allResources(state) {
		if r.Address == address {
			return r
		}
	}
	return nil
}

// allResources is every resource in state, the root module's first, then
// those of child modules (addressed module.NAME.TYPE.NAME), depth first.
func allResources(state *tfjson.State) []*tfjson.StateResource {
	if state == nil || state.Values == nil || state.Values.RootModule == nil {
		return nil
	}
	var out []*tfjson.StateResource
	var walk func(m *tfjson.StateModule)
	walk = func(m *tfjson.StateModule) {
		out = append(out, m.Resources...)
		for _, c := range m.ChildModules {
			walk(c)
		}
	}
	walk(state.Values.RootModule)
	return out
}

// CheckFake is a state check that runs fn, which asserts something about the
// fake API (what it stores, which requests it received).
func CheckFake(fn func() error) statecheck.StateCheck { return checkFake(fn) }

type checkFake func() error

func (c checkFake) CheckState(_ context.Context, _ statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = c()
}

// Attr is the state path of the attribute root, for state checks, followed
// by steps into it: a string is an attribute or map key, an int a list
// index (Attr("gpus", 0, "id")).
func Attr(root string, steps ...any) tfjsonpath.Path {
	p := tfjsonpath.New(root)
	for _, s := range steps {
		switch s := s.(type) {
		case string:
			p = p.AtMapKey(s)
		case int:
			p = p.AtSliceIndex(s)
		default:
			panic(fmt.Sprintf("acctest.Attr: step %v is neither a name nor an index", s))
		}
	}
	return p
}

// HasID is the identity (or object) whose id is id, for query and state
// checks.
func HasID(id string) map[string]knownvalue.Check {
	return map[string]knownvalue.Check{"id": knownvalue.StringExact(id)}
}

// ObjectWithID matches an object whose id is id, whatever else it holds.
func ObjectWithID(id string) knownvalue.Check { return knownvalue.ObjectPartial(HasID(id)) }

// IDs matches a list of objects whose ids are ids, in that order.
func IDs(ids ...string) knownvalue.Check {
	checks := make([]knownvalue.Check, len(ids))
	for i, id := range ids {
		checks[i] = ObjectWithID(id)
	}
	return knownvalue.ListExact(checks)
}

// Strings matches a list of exactly these strings, in that order.
func Strings(values ...string) knownvalue.Check {
	checks := make([]knownvalue.Check, len(values))
	for i, v := range values {
		checks[i] = knownvalue.StringExact(v)
	}
	return knownvalue.ListExact(checks)
}
