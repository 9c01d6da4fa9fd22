package runpodfake

import (
	"strings"
	"testing"
)

// A scripted worker prints its env with secret references resolved to the
// account's secret values at boot; a stale worker keeps the env it booted
// with, and a reference to no secret stays as written.
func TestEndpointWorkerLogScriptResolvesSecrets(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.SetEndpointWorkerStartDelay(0)
	f.SeedSecret(Secret{Name: "hf_token", Value: "hf_live_value"})
	f.SetEndpointWorkerLogForName("dumper", PodLogScript{Lines: []PodLogScriptLine{
		{Source: PodLogSourceContainer, Text: "HF_TOKEN=${HF_TOKEN}"},
		{Source: PodLogSourceContainer, Text: "MODE=${MODE} MISSING=${MISSING} GONE=${GONE}"},
	}})
	e := c.createEndpoint(epBody(map[string]any{
		"name": "dumper", "workers": map[string]any{"min": 1},
		"env": map[string]any{"HF_TOKEN": "Bearer {{RUNPOD_SECRET_HF_TOKEN}}", "MODE": "prod", "GONE": "{{ RUNPOD_SECRET_nosuch }}"},
	}))
	first := c.workers(e.ID).Workers[0].ID
	logs := func(id string) string {
		return string(c.do("GET", "/v2/serverless/"+e.ID+"/workers/"+id+"/logs?source=container", nil).wantStatus(t, 200).body)
	}
	body := logs(first)
	for _, want := range []string{`"line":"HF_TOKEN=Bearer hf_live_value"`, `"line":"MODE=prod MISSING= GONE={{ RUNPOD_SECRET_nosuch }}"`} {
		if !strings.Contains(body, want) {
			t.Fatalf("log lacks %s:\n%s", want, body)
		}
	}
	// The API never returns the value on read.
	if read := string(c.do("GET", "/v2/serverless/"+e.ID, nil).wantStatus(t, 200).body); strings.Contains(read, "hf_live_value") {
		t.Fatalf("endpoint read shows the secret value: %s", read)
	}
	// An image change is a release; the replacement boots with the new env.
	f.SetEndpointWorkerStartDelay(1)
	c.patchEndpoint(e.ID, map[string]any{"image": "img:2", "env": map[string]any{"HF_TOKEN": "plain"}})
	if !strings.Contains(logs(first), "hf_live_value") {
		t.Fatal("the stale worker's env changed")
	}
	var second string
	for _, w := range c.workers(e.ID).Workers {
		if w.ID != first {
			second = w.ID
		}
	}
	if body := logs(second); !strings.Contains(body, `"line":"HF_TOKEN=plain"`) || strings.Contains(body, "hf_live_value") {
		t.Fatalf("replacement worker log:\n%s", body)
	}
	// Other endpoints print no script.
	other := c.createEndpoint(epBody(map[string]any{"name": "quiet", "workers": map[string]any{"min": 1}}))
	c.workers(other.ID)
	if body := string(c.do("GET", "/v2/serverless/"+other.ID+"/workers/"+c.workers(other.ID).Workers[0].ID+"/logs", nil).wantStatus(t, 200).body); strings.Contains(body, "HF_TOKEN") {
		t.Fatalf("unscripted worker printed the script:\n%s", body)
	}
}
