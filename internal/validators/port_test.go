package validators

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestPort(t *testing.T) {
	cases := map[string]string{
		"8888/http":  "",
		"22/tcp":     "",
		"65535/tcp":  "",
		"0/tcp":      "from 1 to 65535",
		"65536/http": "from 1 to 65535",
		"8888":       `"<port>/http" or "<port>/tcp"`,
		"8888/udp":   `"<port>/http" or "<port>/tcp"`,
		"http/8888":  `"<port>/http" or "<port>/tcp"`,
		" 22/tcp":    `"<port>/http" or "<port>/tcp"`,
	}
	for in, wantErr := range cases {
		t.Run(in, func(t *testing.T) {
			resp := &validator.StringResponse{}
			Port().ValidateString(context.Background(), validator.StringRequest{
				Path: path.Root("ports"), ConfigValue: types.StringValue(in),
			}, resp)
			if wantErr == "" {
				if resp.Diagnostics.HasError() {
					t.Fatalf("unexpected error: %v", resp.Diagnostics)
				}
				return
			}
			if !resp.Diagnostics.HasError() {
				t.Fatalf("no error for %q", in)
			}
			if d := resp.Diagnostics.Errors()[0].Detail(); !strings.Contains(d, wantErr) {
				t.Fatalf("detail %q does not contain %q", d, wantErr)
			}
		})
	}
}

func TestCudaVersion(t *testing.T) {
	for in, ok := range map[string]bool{"12.4": true, "11.8": true, "12": false, "12.4.1": false, "v12.4": false} {
		resp := &validator.StringResponse{}
		CudaVersion().ValidateString(context.Background(), validator.StringRequest{
			Path: path.Root("v"), ConfigValue: types.StringValue(in),
		}, resp)
		if resp.Diagnostics.HasError() == ok {
			t.Errorf("%q: error=%v, want ok=%v", in, resp.Diagnostics.HasError(), ok)
		}
	}
}
