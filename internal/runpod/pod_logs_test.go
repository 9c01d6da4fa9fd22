package runpod

import (
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func TestParsePodLogStream(t *testing.T) {
	t.Parallel()
	ts := time.Date(2026, 6, 1, 12, 2, 3, 0, time.UTC)
	long := strings.Repeat("x", maxPodLogLine+100)
	for _, tc := range []struct {
		name, in string
		want     []PodLogLine
	}{
		{
			name: "documented frames",
			in: "id: 2026-06-01T12:02:03Z/000000000001\ndata: {\"ts\":\"2026-06-01T12:02:03Z\",\"source\":\"container\",\"line\":\"Model loaded.\"}\n\n" +
				"id: 2026-06-01T12:02:03Z/000000000002\ndata: {\"ts\":\"2026-06-01T12:02:03Z\",\"source\":\"system\",\"line\":\"x\",\"extra\":1}\n\n",
			want: []PodLogLine{
				{ID: "2026-06-01T12:02:03Z/000000000001", Time: ts, Source: "container", Text: "Model loaded."},
				{ID: "2026-06-01T12:02:03Z/000000000002", Time: ts, Source: "system", Text: "x"},
			},
		},
		{
			name: "comments, unknown fields, retry, CRLF and lone CR",
			in:   ": heartbeat\r\nretry: 100\r\nfoo: bar\r\nid: a\r\ndata:{\"line\":\"one\"}\r\n\r\nid: b\rdata: two\r\r",
			want: []PodLogLine{{ID: "a", Text: "one"}, {ID: "b", Text: "two"}},
		},
		{
			name: "multi-line data is raw text; the id carries over",
			in:   "id: 7\ndata: first\ndata:  second\ndata\n\ndata: third\n\n",
			want: []PodLogLine{{ID: "7", Text: "first\n second\n"}, {ID: "7", Text: "third"}},
		},
		{
			name: "other event types and empty events are skipped",
			in:   "event: ping\ndata: {}\n\nid: 1\n\nevent: message\ndata: {\"line\":\"kept\",\"ts\":\"garbage\"}\n\n",
			want: []PodLogLine{{ID: "1", Text: "kept"}},
		},
		{
			name: "a partial last event is dropped",
			in:   "data: {\"line\":\"done\"}\n\ndata: {\"line\":\"cut",
			want: []PodLogLine{{Text: "done"}},
		},
		{
			name: "a partial last event with its line ended is dropped",
			in:   "data: {\"line\":\"done\"}\n\ndata: {\"line\":\"half\"}\n",
			want: []PodLogLine{{Text: "done"}},
		},
		{
			name: "a huge line is cut",
			in:   "data: " + long + "\n\ndata: after\n\n",
			want: []PodLogLine{{Text: long[:maxPodLogLine]}, {Text: "after"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := parsePodLogStream(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d lines %+v, want %d", len(got), got, len(tc.want))
			}
			for i := range got {
				if !reflect.DeepEqual(got[i], tc.want[i]) {
					g, w := got[i], tc.want[i]
					g.Text, w.Text = fmt.Sprintf("%.40q (len %d)", g.Text, len(g.Text)), fmt.Sprintf("%.40q (len %d)", w.Text, len(w.Text))
					t.Fatalf("line %d = %+v, want %+v", i, g, w)
				}
			}
		})
	}
}

// byteReader returns one byte per Read, to split \r\n across reads.
type byteReader struct{ s string }

func (b *byteReader) Read(p []byte) (int, error) {
	if b.s == "" {
		return 0, io.EOF
	}
	p[0] = b.s[0]
	b.s = b.s[1:]
	return 1, nil
}

func TestParsePodLogStreamSplitCRLF(t *testing.T) {
	t.Parallel()
	got, err := parsePodLogStream(&byteReader{s: "data: a\r\n\r\ndata: b\r\n\r\n"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Text != "a" || got[1].Text != "b" {
		t.Fatalf("got %+v", got)
	}
}

func TestGetPodLogsRequestAndBounds(t *testing.T) {
	t.Parallel()
	var got *http.Request
	frame := "id: 1\ndata: {\"line\":\"" + strings.Repeat("y", 100) + "\"}\n\n"
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		got = r.Clone(r.Context())
		w.Header().Set("Content-Type", "text/event-stream")
		for range 50 {
			_, _ = io.WriteString(w, frame)
		}
	})
	tail := 0
	lines, err := c.GetPodLogs(t.Context(), "pod 1", PodLogQuery{
		Source: PodLogSourceSystem, Tail: &tail, Since: time.Date(2026, 6, 1, 14, 0, 0, 0, time.FixedZone("x", 3600)),
		LastEventID: "2026-06-01T12:02:03Z/000000000001", MaxBytes: 10 * len(frame),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 10 {
		t.Fatalf("MaxBytes of 10 frames read %d lines", len(lines))
	}
	if got.URL.EscapedPath() != "/v2/pods/pod%201/logs" || got.URL.RawQuery != "since=2026-06-01T13%3A00%3A00Z&source=system&tail=0" {
		t.Fatalf("request %s?%s", got.URL.EscapedPath(), got.URL.RawQuery)
	}
	for k, v := range map[string]string{
		"Accept": "text/event-stream", "Authorization": "Bearer " + testAPIKey, "Last-Event-ID": "2026-06-01T12:02:03Z/000000000001",
	} {
		if got.Header.Get(k) != v {
			t.Fatalf("header %s = %q, want %q", k, got.Header.Get(k), v)
		}
	}

	// Zero values send nothing, so the API's defaults apply.
	if _, err := c.GetPodLogs(t.Context(), "p", PodLogQuery{}); err != nil {
		t.Fatal(err)
	}
	if got.URL.RawQuery != "" || got.Header.Get("Last-Event-ID") != "" {
		t.Fatalf("defaults sent %q / %q", got.URL.RawQuery, got.Header.Get("Last-Event-ID"))
	}
	if _, err := c.GetPodLogs(t.Context(), "", PodLogQuery{}); err == nil {
		t.Fatal("empty id accepted")
	}
}

// A live stream that never ends is cut off once it goes quiet, and what
// was complete is returned.
func TestGetPodLogsLiveStreamIsCutWhenIdle(t *testing.T) {
	t.Parallel()
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "id: 1\ndata: {\"line\":\"backfill\"}\n\ndata: {\"line\":\"partial")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	start := time.Now()
	lines, err := c.GetPodLogs(t.Context(), "p", PodLogQuery{Idle: 50 * time.Millisecond, Window: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 1 || lines[0].Text != "backfill" {
		t.Fatalf("lines %+v", lines)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Fatalf("took %v: the idle cut did not work", d)
	}
}

func TestGetPodLogsErrors(t *testing.T) {
	t.Parallel()
	calls := 0
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		calls++
		switch r.URL.Query().Get("tail") {
		case "9999":
			writeProblem(t, w, http.StatusUnprocessableEntity, "Request validation failed.", "query.tail: maximum: got 9999, want 5000")
		case "1":
			if calls == 1 {
				writeProblem(t, w, http.StatusServiceUnavailable, "busy")
				return
			}
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, "data: {\"line\":\"ok\"}\n\n")
		default:
			writeProblem(t, w, http.StatusNotFound, "pod not found")
		}
	})
	one := 1
	lines, err := c.GetPodLogs(t.Context(), "p", PodLogQuery{Tail: &one})
	if err != nil || len(lines) != 1 || calls != 2 {
		t.Fatalf("a 503 was not retried: %v %+v after %d calls", err, lines, calls)
	}
	_, err = c.GetPodLogs(t.Context(), "gone", PodLogQuery{})
	if !IsNotFound(err) || !strings.Contains(err.Error(), "GET /v2/pods/gone/logs") {
		t.Fatalf("err = %v", err)
	}
	bad := 9999
	_, err = c.GetPodLogs(t.Context(), "p", PodLogQuery{Tail: &bad})
	if !IsValidation(err) || !strings.Contains(err.Error(), "query.tail") {
		t.Fatalf("err = %v", err)
	}
}

// Against the fake: a scripted log, its source filter and resuming after
// an event id.
func TestGetPodLogsAgainstFake(t *testing.T) {
	t.Parallel()
	f := runpodfake.NewTestServer(t)
	p := f.SeedPod(runpodfake.Pod{Name: "web", Image: "img", GPU: &runpodfake.PodGPU{ID: "NVIDIA GeForce RTX 4090"}})
	f.SetPodLog(p.ID, runpodfake.PodLogScript{Lines: []runpodfake.PodLogScriptLine{
		{Source: runpodfake.PodLogSourceSystem, Text: "Starting container"},
		{Source: runpodfake.PodLogSourceContainer, Text: "listening on 0.0.0.0:8888"},
	}})
	c, err := New(Config{APIKey: runpodfake.DefaultAPIKey, BaseURL: f.URL()})
	if err != nil {
		t.Fatal(err)
	}
	all, err := c.GetPodLogs(t.Context(), p.ID, PodLogQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || all[0].Source != "system" || all[1].Text != "listening on 0.0.0.0:8888" || all[1].Time.IsZero() {
		t.Fatalf("lines %+v", all)
	}
	rest, err := c.GetPodLogs(t.Context(), p.ID, PodLogQuery{LastEventID: all[0].ID, Source: PodLogSourceContainer})
	if err != nil || len(rest) != 1 || rest[0].ID != all[1].ID {
		t.Fatalf("resume: %v %+v", err, rest)
	}
	_, err = c.GetPodLogs(t.Context(), "nosuchpod0", PodLogQuery{})
	if !IsNotFound(err) {
		t.Fatalf("err = %v", err)
	}
}

// The key stays out of the logs and of the error, even when an error body
// quotes it; log lines themselves are never logged.
func TestGetPodLogsMasksKeyAndOmitsLines(t *testing.T) {
	t.Parallel()
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("source") == "system" {
			writeProblem(t, w, http.StatusForbidden, "key "+r.Header.Get("Authorization")+" may not read logs")
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "data: {\"line\":\"PASSWORD=line-secret\"}\n\n")
	})
	var buf strings.Builder
	ctx := tflogtest.RootLogger(t.Context(), &buf)
	lines, err := c.GetPodLogs(ctx, "p", PodLogQuery{})
	if err != nil || len(lines) != 1 {
		t.Fatalf("GetPodLogs = %+v, %v", lines, err)
	}
	_, err = c.GetPodLogs(ctx, "p", PodLogQuery{Source: PodLogSourceSystem})
	if err == nil || strings.Contains(err.Error(), testAPIKey) {
		t.Fatalf("err = %v", err)
	}
	logs := buf.String()
	if strings.Contains(logs, testAPIKey) || strings.Contains(logs, "line-secret") {
		t.Fatalf("logs leak the key or a log line:\n%s", logs)
	}
	if !strings.Contains(logs, "/v2/pods/p/logs") {
		t.Fatalf("the request was not logged:\n%s", logs)
	}
}
