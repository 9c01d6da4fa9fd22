package pod

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A machine filter replaces the pod only when the pod's machine may no
// longer meet it: added, raised or not known yet, and never after an import.
func TestFloorRaised(t *testing.T) {
	t.Parallel()
	v, null, unknown := types.Int64Value, types.Int64Null(), types.Int64Unknown()
	cases := []struct {
		name        string
		plan, state types.Int64
		imported    bool
		want        bool
	}{
		{"unchanged", v(8), v(8), false, false},
		{"unset", null, null, false, false},
		{"added", v(8), null, false, true},
		{"raised", v(16), v(8), false, true},
		{"lowered", v(4), v(8), false, false},
		{"removed", null, v(8), false, false},
		{"unknown", unknown, v(8), false, true},
		{"added after import", v(8), null, true, false},
		{"raised after import", v(16), v(8), true, false},
	}
	for _, tc := range cases {
		if got := floorRaised(tc.plan, tc.state, tc.imported); got != tc.want {
			t.Errorf("%s: floorRaised(%v, %v, imported=%t) = %t, want %t", tc.name, tc.plan, tc.state, tc.imported, got, tc.want)
		}
	}
}
