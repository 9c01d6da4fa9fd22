package acctest

import (
	"context"
	"fmt"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
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
	if state == nil || state.Values == nil || state.Values.RootModule == nil {
		return nil
	}
	for _, r := range state.Values.RootModule.Resources {
		if r.Address == address {
			return r
		}
	}
	return nil
}

// CheckFake is a state check that runs fn, which asserts something about the
// fake API (what it stores, which requests it received).
func CheckFake(fn func() error) statecheck.StateCheck { return checkFake(fn) }

type checkFake func() error

func (c checkFake) CheckState(_ context.Context, _ statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = c()
}
