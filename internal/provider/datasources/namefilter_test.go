package datasources

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestNameFilterMatch(t *testing.T) {
	unset := types.StringNull()
	for _, tc := range []struct {
		name, prefix types.String
		object       string
		want         bool
	}{
		{unset, unset, "anything", true},
		{types.StringValue("web"), unset, "web", true},
		{types.StringValue("web"), unset, "web-2", false},
		{unset, types.StringValue("team-"), "team-web", true},
		{unset, types.StringValue("team-"), "other", false},
		{types.StringValue("team-web"), types.StringValue("team-"), "team-web", true},
		{types.StringValue("other"), types.StringValue("team-"), "other", false},
	} {
		f := NameFilter{Name: tc.name, NamePrefix: tc.prefix}
		if got := f.Match(tc.object); got != tc.want {
			t.Errorf("name=%s name_prefix=%s: Match(%q) = %v, want %v", tc.name, tc.prefix, tc.object, got, tc.want)
		}
	}
}
