package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// syncBuffer is an io.Writer safe to read while run writes to it. Each
// write also signals wrote (when set), so that a test can wait for a line
// instead of polling.
type syncBuffer struct {
	mu    sync.Mutex
	b     bytes.Buffer
	wrote chan struct{}
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.b.Write(p)
	select {
	case s.wrote <- struct{}{}:
	default: // a signal is pending already, or nobody listens
	}
	return n, err
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestDemoServer(t *testing.T) {
	urlFile := filepath.Join(t.TempDir(), "url")
	args := []string{"-listen", "127.0.0.1:0", "-api-key", "demo-key", "-url-file", urlFile, "-v"}
	if spec, _ := runpodfake.FindSpec(); spec != "" {
		args = append(args, "-spec", spec)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout := syncBuffer{wrote: make(chan struct{}, 1)}
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, &stdout, &stderr) }()

	// run writes the URL file, then prints "listening on": wait for that.
	timeout := time.After(10 * time.Second)
	for !strings.Contains(stdout.String(), "listening on ") {
		select {
		case <-stdout.wrote:
		case err := <-done:
			t.Fatalf("run returned %v before listening; stderr %s", err, stderr.String())
		case <-timeout:
			t.Fatalf("run did not start listening; stderr %s", stderr.String())
		}
	}
	var url string
	if b, err := os.ReadFile(urlFile); err == nil {
		url = strings.TrimSpace(string(b))
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("url file %q; stderr %s", url, stderr.String())
	}

	req, _ := http.NewRequest("GET", url+"/v2/templates/"+DemoJupyterID, nil)
	req.Header.Set("Authorization", "Bearer demo-key")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var tpl runpodfake.Template
	err = json.NewDecoder(resp.Body).Decode(&tpl)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || tpl.Name != "legacy-jupyter" {
		t.Fatalf("GET seeded template: %d %v %+v", resp.StatusCode, err, tpl)
	}

	req, _ = http.NewRequest("DELETE", url+"/v2/templates/"+DemoBusyTemplateID, nil)
	req.Header.Set("Authorization", "Bearer demo-key")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("deleting the in-use template: %d", resp.StatusCode)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v; stderr %s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not stop")
	}
	out := stdout.String()
	if !strings.Contains(out, "listening on "+url+"\n") || !strings.Contains(out, "seeded template "+DemoJupyterID) {
		t.Fatalf("stdout %q", out)
	}
	if !strings.Contains(stderr.String(), "GET /v2/templates/"+DemoJupyterID+" -> 200") {
		t.Fatalf("access log %q", stderr.String())
	}
}

func TestBadFlags(t *testing.T) {
	var out, errOut syncBuffer
	if err := run(context.Background(), []string{"-seed", "lots"}, &out, &errOut); err == nil {
		t.Fatal("bad -seed accepted")
	}
	if err := run(context.Background(), []string{"-spec", "/nonexistent.json"}, &out, &errOut); err == nil {
		t.Fatal("missing -spec file accepted")
	}
}

// -quota and -quota-window make the fake refuse beyond the quota; -latency
// is accepted alongside.
func TestQuotaFlags(t *testing.T) {
	urlFile := filepath.Join(t.TempDir(), "url")
	// A day-long window cannot reset during the test (short of midnight UTC).
	args := []string{"-seed", "none", "-url-file", urlFile, "-quota", "2", "-quota-window", "24h", "-latency", "1ms"}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout := syncBuffer{wrote: make(chan struct{}, 1)}
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, &stdout, &stderr) }()
	timeout := time.After(10 * time.Second)
	for !strings.Contains(stdout.String(), "listening on ") {
		select {
		case <-stdout.wrote:
		case err := <-done:
			t.Fatalf("run returned %v before listening; stderr %s", err, stderr.String())
		case <-timeout:
			t.Fatalf("run did not start listening; stderr %s", stderr.String())
		}
	}
	b, err := os.ReadFile(urlFile)
	if err != nil {
		t.Fatal(err)
	}
	url := strings.TrimSpace(string(b))

	var statuses []int
	var last http.Header
	for range 3 {
		req, _ := http.NewRequest("GET", url+"/v2/templates", nil)
		req.Header.Set("Authorization", "Bearer "+runpodfake.DefaultAPIKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		statuses = append(statuses, resp.StatusCode)
		last = resp.Header
	}
	if statuses[0] != 200 || statuses[1] != 200 || statuses[2] != http.StatusTooManyRequests {
		t.Fatalf("statuses %v, want 200 200 429", statuses)
	}
	if got := last.Get("RateLimit-Policy"); got != `"day";q=2;w=86400` {
		t.Fatalf("RateLimit-Policy %q", got)
	}
	if last.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}
}

func TestBadQuotaFlags(t *testing.T) {
	// Cancelled, so that a run that wrongly starts serving returns at once.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{{"-quota", "-1"}, {"-quota", "5", "-quota-window", "0s"}, {"-latency", "-1ms"}} {
		var out, errOut syncBuffer
		if err := run(ctx, append(args, "-seed", "none"), &out, &errOut); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
}
