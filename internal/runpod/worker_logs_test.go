package runpod

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// The request: both ids escaped into the documented path, the shared query
// and SSE framing; empty ids are refused before any request.
func TestGetWorkerLogsRequest(t *testing.T) {
	t.Parallel()
	var got *http.Request
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		got = r.Clone(r.Context())
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "id: 1\ndata: {\"ts\":\"2026-06-01T12:05:04Z\",\"source\":\"container\",\"line\":\"Worker ready.\"}\n\n")
	})
	tail := 5
	lines, err := c.GetWorkerLogs(t.Context(), "ep 1", "wk/2", PodLogQuery{Source: PodLogSourceContainer, Tail: &tail})
	if err != nil || len(lines) != 1 || lines[0].Text != "Worker ready." || lines[0].Source != "container" {
		t.Fatalf("GetWorkerLogs = %+v, %v", lines, err)
	}
	if got.URL.EscapedPath() != "/v2/serverless/ep%201/workers/wk%2F2/logs" || got.URL.RawQuery != "source=container&tail=5" ||
		got.Header.Get("Accept") != "text/event-stream" {
		t.Fatalf("request %s?%s (Accept %q)", got.URL.EscapedPath(), got.URL.RawQuery, got.Header.Get("Accept"))
	}
	for _, ids := range [][2]string{{"", "w"}, {"e", ""}} {
		if _, err := c.GetWorkerLogs(t.Context(), ids[0], ids[1], PodLogQuery{}); err == nil {
			t.Fatalf("ids %q accepted", ids)
		}
	}
}

// Against the fake: a started worker's lines, the source filter, and 404
// for an unknown endpoint, an unknown worker and a worker that has gone.
func TestGetWorkerLogsAgainstFake(t *testing.T) {
	t.Parallel()
	fake := runpodfake.NewTestServer(t)
	fake.SetEndpointWorkerStartDelay(0)
	c, err := New(Config{APIKey: runpodfake.DefaultAPIKey, BaseURL: fake.URL()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	req := queueEndpointRequest("logs")
	req.Workers = &WorkersRequest{Min: ptr(1)}
	e, err := c.CreateEndpoint(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	workers, err := c.ListEndpointWorkers(ctx, e.ID)
	if err != nil || len(workers.Workers) != 1 {
		t.Fatalf("workers %+v, %v", workers, err)
	}
	wid := workers.Workers[0].ID
	all, err := c.GetWorkerLogs(ctx, e.ID, wid, PodLogQuery{})
	if err != nil || len(all) < 2 || all[0].Source != PodLogSourceSystem || all[len(all)-1].Text != "Worker ready." || all[0].Time.IsZero() {
		t.Fatalf("all lines %+v, %v", all, err)
	}
	container, err := c.GetWorkerLogs(ctx, e.ID, wid, PodLogQuery{Source: PodLogSourceContainer})
	if err != nil || len(container) != 1 || container[0].Text != "Worker ready." {
		t.Fatalf("container lines %+v, %v", container, err)
	}
	for name, ids := range map[string][2]string{"endpoint": {"nosuchep00", wid}, "worker": {e.ID, "nosuchwrk0"}} {
		if _, err := c.GetWorkerLogs(ctx, ids[0], ids[1], PodLogQuery{}); !IsNotFound(err) || !strings.Contains(err.Error(), name) {
			t.Errorf("unknown %s: %v", name, err)
		}
	}
	// Logs vanish with the worker.
	if _, err := c.UpdateEndpoint(ctx, e.ID, UpdateEndpointRequest{Workers: Set(WorkersRequest{Min: ptr(0)})}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetWorkerLogs(ctx, e.ID, wid, PodLogQuery{}); !IsNotFound(err) {
		t.Fatalf("logs of a stopped worker: %v", err)
	}
}
