package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// startSeparateFake builds this command and runs it with -serve, so the
// fake probed is its own process, as the live API would be.
func startSeparateFake(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "apiprobe")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-serve", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the fake's address: %v", err)
	}
	u, ok := strings.CutPrefix(strings.TrimSpace(line), "listening on ")
	if !ok {
		t.Fatalf("unexpected first line %q", line)
	}
	return u
}

// runProbe runs the command against base and returns its JSON report and
// Markdown.
func runProbe(t *testing.T, base string) ([]difference, string) {
	t.Helper()
	t.Setenv("RUNPOD_API_KEY", "fake-runpod-api-key")
	dir := t.TempDir()
	md, js := filepath.Join(dir, "r.md"), filepath.Join(dir, "r.json")
	var out, errOut bytes.Buffer
	if err := run(t.Context(), []string{"-url", base, "-md", md, "-json", js}, &out, &errOut); err != nil {
		t.Fatalf("apiprobe: %v\n%s", err, errOut.String())
	}
	raw, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct{ Differences []difference }
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatal(err)
	}
	mdText, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	return rep.Differences, string(mdText)
}

func TestProbeOfTheFakeFindsNoDifference(t *testing.T) {
	diffs, md := runProbe(t, startSeparateFake(t))
	if len(diffs) != 0 {
		t.Fatalf("differences against the fake itself: %+v", diffs)
	}
	if !strings.Contains(md, "No differences.") {
		t.Errorf("markdown report:\n%s", md)
	}
}

// A server that differs from the fake as the live API might: a field
// renamed on pods, a cursor on the pod list, endpoints' timeout 0, no
// RateLimit-Policy header. The probe reports each one.
func TestProbeReportsEachDifference(t *testing.T) {
	target, err := url.Parse(startSeparateFake(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(r *http.Response) error {
		body, err := io.ReadAll(r.Body)
		r.Body.Close()
		if err != nil {
			return err
		}
		var v any
		if json.Unmarshal(body, &v) == nil {
			v = modify(r.Request.URL.Path, v)
			body, _ = json.Marshal(v)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		r.Header.Del("Content-Length")
		r.Header.Del("RateLimit-Policy")
		return nil
	}
	srv := httptest.NewServer(proxy)
	t.Cleanup(srv.Close)

	diffs, md := runProbe(t, srv.URL)
	want := []difference{
		{Kind: "pod", Aspect: "field", Path: "image", Live: "absent", Fake: "present (string)"},
		{Kind: "pod", Aspect: "field", Path: "imageName", Live: "present (string)", Fake: "absent"},
		{Kind: "pod", Aspect: "pagination", Path: "GET /v2/pods?includeClusterPods=true", Live: "nextCursor=abc", Fake: "none"},
		{Kind: "pod", Aspect: "wrapper", Path: "GET /v2/pods?includeClusterPods=true", Live: "{nextCursor,pods}", Fake: "{pods}"},
		{Kind: "endpoint", Aspect: "zero", Path: "timeout", Live: "0", Fake: "never 0"},
		{Kind: "template", Aspect: "rate-limit", Path: "RateLimit-Policy", Live: "absent", Fake: "present"},
	}
	for _, w := range want {
		found := false
		for _, d := range diffs {
			if d == w {
				found = true
			}
		}
		if !found {
			t.Errorf("the report lacks %+v; it has:\n%+v", w, diffs)
		}
	}
	for _, s := range []string{"## pod", "| pagination |", "`imageName`", "| zero | `timeout` | 0 | never 0 |"} {
		if !strings.Contains(md, s) {
			t.Errorf("markdown lacks %q:\n%s", s, md)
		}
	}
}

// modify is the differing server: it rewrites the fake's answers.
func modify(path string, v any) any {
	renameImage := func(o any) {
		if m, ok := o.(map[string]any); ok {
			if img, ok := m["image"]; ok {
				delete(m, "image")
				m["imageName"] = img
			}
		}
	}
	top, _ := v.(map[string]any)
	switch {
	case path == "/v2/pods":
		for _, p := range top["pods"].([]any) {
			renameImage(p)
		}
		top["nextCursor"] = "abc"
	case strings.HasPrefix(path, "/v2/pods/"):
		renameImage(top)
	case path == "/v2/serverless":
		for _, e := range top["endpoints"].([]any) {
			e.(map[string]any)["timeout"] = 0
		}
	case strings.HasPrefix(path, "/v2/serverless/"):
		top["timeout"] = 0
	}
	return v
}

// The probe's client sends nothing but GET.
func TestProbeSendsOnlyGET(t *testing.T) {
	hit := false
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hit = true }))
	t.Cleanup(srv.Close)
	s := newServer(srv.URL, "k")
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/v2/pods", nil)
	if _, err := s.client.Do(req); err == nil || !strings.Contains(err.Error(), "only GET") || hit {
		t.Fatalf("POST through the probe's client: %v (reached the server: %v)", err, hit)
	}
}
