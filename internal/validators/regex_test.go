package validators

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestRegex(t *testing.T) {
	for _, tt := range []struct {
		value types.String
		bad   bool
	}{
		{types.StringValue(`listening on .*:8000`), false},
		{types.StringValue(`^(a|b)$`), false},
		{types.StringNull(), false},
		{types.StringUnknown(), false},
		{types.StringValue(`listening on (`), true},
		{types.StringValue(`a{2,1}`), true},
	} {
		resp := &validator.StringResponse{}
		Regex().ValidateString(context.Background(), validator.StringRequest{Path: path.Root("ready_when").AtName("log_line"), ConfigValue: tt.value}, resp)
		if got := resp.Diagnostics.HasError(); got != tt.bad {
			t.Errorf("Regex(%s): error = %v, want %v", tt.value, got, tt.bad)
		}
		if tt.bad && !strings.Contains(resp.Diagnostics[0].Detail(), "ready_when.log_line") {
			t.Errorf("Regex(%s): detail %q does not name the attribute", tt.value, resp.Diagnostics[0].Detail())
		}
	}
}
