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
