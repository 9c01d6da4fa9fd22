package secret

import (
	"strings"
	"testing"
)

func TestNameProblem(t *testing.T) {
	for _, ok := range []string{"a", "_", "HF_TOKEN", "team/prod.db-password", "A9_.-/", strings.Repeat("x", 191), "run", "my_RUNPOD"} {
		if p := NameProblem(ok); p != "" {
			t.Errorf("NameProblem(%q) = %q, want none", ok, p)
		}
	}
	for name, want := range map[string]string{
		"":                       "empty",
		"9lives":                 "not a valid secret name",
		"-dash":                  "not a valid secret name",
		"with space":             "not a valid secret name",
		"ünïcode":                "not a valid secret name",
		strings.Repeat("x", 192): "192 characters long",
		"RUNPOD":                 "reserves",
		"RunPod_key":             `starts with "RunPod"`,
		"runpodx":                "reserves",
	} {
		if p := NameProblem(name); !strings.Contains(p, want) {
			t.Errorf("NameProblem(%q) = %q, want it to mention %q", name, p, want)
		}
	}
}

func TestReferencePattern(t *testing.T) {
	re := referencePattern("hf.token")
	for _, v := range []string{"{{ RUNPOD_SECRET_hf.token }}", "{{RUNPOD_SECRET_hf.token}}", "Bearer {{  runpod_secret_HF.TOKEN\t}}"} {
		if !re.MatchString(v) {
			t.Errorf("%q should reference hf.token", v)
		}
	}
	for _, v := range []string{"{{ RUNPOD_SECRET_hfxtoken }}", "{{ RUNPOD_SECRET_hf.token_old }}", "RUNPOD_SECRET_hf.token", "{{ RUNPOD_SECRET_hf }}"} {
		if re.MatchString(v) {
			t.Errorf("%q should not reference hf.token", v)
		}
	}
	if got := Reference("hf_token"); got != "{{ RUNPOD_SECRET_hf_token }}" {
		t.Errorf("Reference = %q", got)
	}
}
