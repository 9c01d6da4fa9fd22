package template

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

func TestBoundTo(t *testing.T) {
	for _, c := range []struct {
		template, endpoint string
		want               bool
	}{
		{"inference__template__k3v9xq", "inference", true},
		{"inference__template__", "inference", false},
		{"inference-old__template__k3v9xq", "inference", false},
		{"inference", "inference", false},
		// "a" does not claim the template of the endpoint "a__template__b".
		{"a__template__b__template__x1", "a", false},
		{"a__template__b__template__x1", "a__template__b", true},
	} {
		if got := boundTo(c.template, c.endpoint); got != c.want {
			t.Errorf("boundTo(%q, %q) = %v, want %v", c.template, c.endpoint, got, c.want)
		}
	}
}

// answering serves canned bodies per path; a path without one answers 403
// (which the client does not retry).
func answering(t *testing.T, bodies map[string]string) (*runpod.Client, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.Path)
		mu.Unlock()
		body, ok := bodies[r.URL.Path]
		if !ok {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte(`{"title":"Forbidden","status":403,"detail":"no"}`))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	c, err := runpod.New(runpod.Config{APIKey: "test-key", BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	return c, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

const endpointsBody = `{"endpoints":[
 {"id":"ep2","name":"inference","type":"QUEUE"},
 {"id":"ep1","name":"inference-old","type":"QUEUE"},
 {"id":"ep3","name":"other","type":"QUEUE"}]}`

func TestInUseRemedyNamesTheBoundEndpoint(t *testing.T) {
	client, _ := answering(t, map[string]string{
		"/v2/serverless": endpointsBody,
		"/v2/pods":       `{"pods":[]}`,
	})
	got := inUseRemedy(context.Background(), client, "tpl1", "inference__template__k3v9xq")
	for _, want := range []string{
		`made for serverless endpoint "inference" (ep2) and binds to it`,
		`Destroy the endpoint instead: deleting endpoint "inference" (ep2) deletes this template too.`,
		"removed block with lifecycle { destroy = false }",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("remedy lacks %q:\n%s", want, got)
		}
	}
	for _, absent := range []string{"ep1", "ep3", "Pods created from it", genericInUseRemedy} {
		if strings.Contains(got, absent) {
			t.Errorf("remedy holds %q:\n%s", absent, got)
		}
	}
}

func TestInUseRemedyNamesThePods(t *testing.T) {
	client, seen := answering(t, map[string]string{
		"/v2/pods": `{"pods":[
 {"id":"p2","name":"web","template":"tpl1"},
 {"id":"p1","name":"api","template":"tpl1"},
 {"id":"p3","name":"db","template":"tpl9"},
 {"id":"p4","name":"bare","template":null}]}`,
	})
	got := inUseRemedy(context.Background(), client, "tpl1", "busy")
	want := "Pods created from it:\n\n  - pod \"api\" (p1)\n  - pod \"web\" (p2)\n\n" +
		"Terminate these pods, then destroy again. The provider does not terminate pods for you."
	if got != want {
		t.Errorf("remedy:\n%s\nwant:\n%s", got, want)
	}
	// A name that is no endpoint's template name costs no endpoint list.
	for _, p := range seen() {
		if p == "/v2/serverless" {
			t.Errorf("listed endpoints for a template whose name has no %s", boundMarker)
		}
	}
}

// Naming what uses the template is best effort: lists that fail, or that
// find nothing, leave the generic remedy.
func TestInUseRemedyFallsBackToTheGenericText(t *testing.T) {
	for name, bodies := range map[string]map[string]string{
		"lists fail":    {},
		"nothing found": {"/v2/serverless": endpointsBody, "/v2/pods": `{"pods":[]}`},
	} {
		t.Run(name, func(t *testing.T) {
			client, _ := answering(t, bodies)
			if got := inUseRemedy(context.Background(), client, "tpl1", "renamed__template__k3v9xq"); got != genericInUseRemedy {
				t.Errorf("remedy = %q, want the generic one", got)
			}
		})
	}
}

func TestInUseRemedyNamesSeveralEndpoints(t *testing.T) {
	client, _ := answering(t, map[string]string{
		"/v2/serverless": `{"endpoints":[{"id":"b","name":"x"},{"id":"a","name":"x"}]}`,
	})
	got := inUseRemedy(context.Background(), client, "tpl1", "x__template__abc123")
	if !strings.Contains(got, "these endpoints have that name:\n\n  - endpoint \"x\" (a)\n  - endpoint \"x\" (b)\n\n") ||
		!strings.Contains(got, "Destroy that endpoint instead: deleting it deletes this template too.") {
		t.Errorf("remedy:\n%s", got)
	}
}
