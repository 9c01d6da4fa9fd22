package logmask

import (
	"slices"
	"strings"
	"testing"
)

func TestSecretKeys(t *testing.T) {
	t.Parallel()
	env := map[string]string{
		"HF_TOKEN": "{{ RUNPOD_SECRET_hf_token }}",
		"AUTH":     "Bearer {{runpod_secret_api}}",
		"MODE":     "prod",
		"OPENAI":   "{{  RUNPOD_SECRET_openai\t}}",
		"LOOKS":    "RUNPOD_SECRET_not_a_reference",
	}
	if got, want := SecretKeys(env), []string{"AUTH", "HF_TOKEN", "OPENAI"}; !slices.Equal(got, want) {
		t.Fatalf("SecretKeys = %v, want %v", got, want)
	}
	if got := SecretKeys(nil); len(got) != 0 {
		t.Fatalf("SecretKeys(nil) = %v", got)
	}
}

func TestMaskerLine(t *testing.T) {
	t.Parallel()
	m := New("HF_TOKEN", "DB.PASS")
	for _, tc := range []struct{ in, want string }{
		{"HF_TOKEN=hf_abc", "HF_TOKEN=***"},
		{"export HF_TOKEN=hf_abc", "export HF_TOKEN=***"},
		{"HF_TOKEN = hf abc def", "HF_TOKEN = ***"},
		{`HF_TOKEN="hf_abc" MODE=prod`, `HF_TOKEN="***" MODE=prod`},
		{"HF_TOKEN: hf_abc", "HF_TOKEN: ***"},
		{`{"MODE": "prod", "HF_TOKEN": "hf_abc", "DB.PASS": "pw"}`, `{"MODE": "prod", "HF_TOKEN": "***", "DB.PASS": "***"}`},
		{`{'HF_TOKEN': 'hf_abc', 'x': 1}`, `{'HF_TOKEN': '***', 'x': 1}`},
		{`HF_TOKEN="hf_abc`, `HF_TOKEN="***`},
		{"GET /x?HF_TOKEN=hf_abc&b=1", "GET /x?HF_TOKEN=***"},
		{`HF_TOKEN="" DB.PASS=pw`, `HF_TOKEN="" DB.PASS=***`},
		{"HF_TOKEN=", "HF_TOKEN="},
		// Not the variable: a longer name, no separator, another key.
		{"MY_HF_TOKEN=abc HF_TOKENS=abc", "MY_HF_TOKEN=abc HF_TOKENS=abc"},
		{"HF_TOKEN is set", "HF_TOKEN is set"},
		{"DBxPASS=pw", "DBxPASS=pw"},
		{"loading model", "loading model"},
	} {
		if got := m.Line(tc.in); got != tc.want {
			t.Errorf("Line(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := (Masker{}).Line("HF_TOKEN=x"); got != "HF_TOKEN=x" {
		t.Fatalf("the zero Masker changed a line: %q", got)
	}
	// ForEnv masks the variables that reference a secret only.
	f := ForEnv(map[string]string{"HF_TOKEN": "{{ RUNPOD_SECRET_hf }}", "MODE": "prod"})
	if got := f.Line("MODE=prod HF_TOKEN=hf_abc"); got != "MODE=prod HF_TOKEN=***" || strings.Contains(f.Line("HF_TOKEN=hf_abc"), "hf_abc") {
		t.Fatalf("ForEnv: %q", got)
	}
}
