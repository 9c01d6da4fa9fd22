package functions_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/moduleroot"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/functions"
)

// call runs f on args as Terraform would once the arguments are known, and
// returns its string result or its error.
func call(t *testing.T, f function.Function, args ...attr.Value) (string, *function.FuncError) {
	t.Helper()
	resp := &function.RunResponse{Result: function.NewResultData(types.StringUnknown())}
	f.Run(context.Background(), function.RunRequest{Arguments: function.NewArgumentsData(args)}, resp)
	if resp.Error != nil {
		return "", resp.Error
	}
	s, ok := resp.Result.Value().(types.String)
	if !ok || s.IsNull() || s.IsUnknown() {
		t.Fatalf("result %v is not a known string", resp.Result.Value())
	}
	return s.ValueString(), nil
}

// mustFailOn checks that err is an error about argument position pos whose
// text says every one of want, and leaves the final period to the CLI.
func mustFailOn(t *testing.T, err *function.FuncError, pos int64, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one on argument %d saying %q", pos, want)
	}
	if err.FunctionArgument == nil || *err.FunctionArgument != pos {
		t.Errorf("error %q is not on argument %d (got %v)", err.Text, pos, err.FunctionArgument)
	}
	if strings.HasSuffix(err.Text, ".") {
		t.Errorf("error %q ends with a period: Terraform and OpenTofu add one after it", err.Text)
	}
	for _, w := range want {
		if !strings.Contains(err.Text, w) {
			t.Errorf("error %q does not say %q", err.Text, w)
		}
	}
}

func TestDefinitionsAreValid(t *testing.T) {
	names := map[string]bool{}
	for _, newFunc := range functions.All() {
		f := newFunc()
		var meta function.MetadataResponse
		f.Metadata(context.Background(), function.MetadataRequest{}, &meta)
		var def function.DefinitionResponse
		f.Definition(context.Background(), function.DefinitionRequest{}, &def)
		var v function.DefinitionValidateResponse
		def.Definition.ValidateImplementation(context.Background(), function.DefinitionValidateRequest{FuncName: meta.Name}, &v)
		if v.Diagnostics.HasError() {
			t.Errorf("%s: %v", meta.Name, v.Diagnostics)
		}
		if def.Definition.Summary == "" || def.Definition.MarkdownDescription == "" {
			t.Errorf("%s has no summary or description for the docs", meta.Name)
		}
		names[meta.Name] = true
	}
	for _, want := range []string{"secret_ref", "proxy_url"} {
		if !names[want] {
			t.Errorf("functions.All() lacks %s", want)
		}
	}
}

func TestSecretRef(t *testing.T) {
	for name, want := range map[string]string{
		"hf_token":               "{{ RUNPOD_SECRET_hf_token }}",
		"HF_TOKEN":               "{{ RUNPOD_SECRET_HF_TOKEN }}",
		"_x":                     "{{ RUNPOD_SECRET__x }}",
		"team/prod.db-password":  "{{ RUNPOD_SECRET_team/prod.db-password }}",
		"my_RUNPOD":              "{{ RUNPOD_SECRET_my_RUNPOD }}",
		strings.Repeat("k", 191): "{{ RUNPOD_SECRET_" + strings.Repeat("k", 191) + " }}",
	} {
		got, err := call(t, functions.NewSecretRef(), types.StringValue(name))
		if err != nil {
			t.Errorf("secret_ref(%q): %v", name, err)
		} else if got != want {
			t.Errorf("secret_ref(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestSecretRef_refusesWhatRunpodRefuses(t *testing.T) {
	for name, want := range map[string][]string{
		"":                       {"empty", "start with a letter or an underscore"},
		"9lives":                 {`"9lives" is not a valid secret name`, "letters, digits, underscores, dots, hyphens and slashes"},
		"hf token":               {`"hf token" is not a valid secret name`},
		"{{ x }}":                {"is not a valid secret name"},
		"RUNPOD_API_KEY":         {`starts with "RUNPOD"`, "reserves"},
		"runpod_x":               {`starts with "runpod"`},
		strings.Repeat("k", 192): {"192 characters long", "1 to 191 characters"},
	} {
		_, err := call(t, functions.NewSecretRef(), types.StringValue(name))
		mustFailOn(t, err, 0, want...)
	}
}

func TestProxyURL(t *testing.T) {
	for _, c := range []struct {
		id, port string
		want     string
	}{
		{"7h9k2m4n6p", "8888", "https://7h9k2m4n6p-8888.proxy.runpod.net"},
		{"7h9k2m4n6p", "8888/http", "https://7h9k2m4n6p-8888.proxy.runpod.net"},
		{"gfj8b292vyg08g", "1", "https://gfj8b292vyg08g-1.proxy.runpod.net"},
		{"a1", "65535/http", "https://a1-65535.proxy.runpod.net"},
	} {
		got, err := call(t, functions.NewProxyURL(), types.StringValue(c.id), types.StringValue(c.port))
		if err != nil {
			t.Errorf("proxy_url(%q, %q): %v", c.id, c.port, err)
		} else if got != c.want {
			t.Errorf("proxy_url(%q, %q) = %q, want %q", c.id, c.port, got, c.want)
		}
	}
}

func TestProxyURL_refusesBadArguments(t *testing.T) {
	for _, c := range []struct {
		id, port string
		pos      int64
		want     []string
	}{
		{"", "8888", 0, []string{"The pod id is empty", "lowercase letters and digits"}},
		{"7H9K2M4N6P", "8888", 0, []string{`"7H9K2M4N6P" is not a pod id`, "lowercase letters and digits"}},
		{"7h9k-2m4n", "8888", 0, []string{`"7h9k-2m4n" is not a pod id`}},
		{"https://7h9k2m4n6p-8888.proxy.runpod.net", "8888", 0, []string{"is not a pod id"}},
		{"7h9k2m4n6p", "0", 1, []string{"0 is not a port", "from 1 to 65535"}},
		{"7h9k2m4n6p", "65536/http", 1, []string{"65536 is not a port", "from 1 to 65535"}},
		{"7h9k2m4n6p", "123456", 1, []string{`"123456" is not a port`, "from 1 to 65535"}},
		{"7h9k2m4n6p", "-80", 1, []string{`"-80" is not a port`}},
		{"7h9k2m4n6p", "8888.5", 1, []string{`"8888.5" is not a port`, `8888 or "8888/http"`}},
		{"7h9k2m4n6p", "", 1, []string{`"" is not a port`}},
		{"7h9k2m4n6p", "8888/udp", 1, []string{`"8888/udp" is not a port`}},
		{"7h9k2m4n6p", "http", 1, []string{`"http" is not a port`}},
		{"7h9k2m4n6p", "22/tcp", 1, []string{`"22/tcp" is a TCP port`, "port_mappings", `only "<port>/http" ports`}},
	} {
		_, err := call(t, functions.NewProxyURL(), types.StringValue(c.id), types.StringValue(c.port))
		mustFailOn(t, err, c.pos, c.want...)
	}
}

// Every function has the example its docs page shows (and the acceptance
// tests apply), and every example is of a function that exists.
func TestEveryFunctionHasAnExample(t *testing.T) {
	root, err := moduleroot.Find()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, newFunc := range functions.All() {
		var meta function.MetadataResponse
		newFunc().Metadata(context.Background(), function.MetadataRequest{}, &meta)
		names[meta.Name] = true
		if _, err := os.Stat(filepath.Join(root, "examples", "functions", meta.Name, "function.tf")); err != nil {
			t.Errorf("%s has no example: %v", meta.Name, err)
		}
	}
	dirs, err := os.ReadDir(filepath.Join(root, "examples", "functions"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !names[d.Name()] {
			t.Errorf("examples/functions/%s is the example of no function", d.Name())
		}
	}
}
