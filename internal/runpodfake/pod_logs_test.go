package runpodfake

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// sseEvent is one event of a logs response, parsed strictly: the test
// fails on any line that is not id:, data: or the blank separator.
type sseEvent struct {
	ID     string
	TS     string `json:"ts"`
	Source string `json:"source"`
	Line   string `json:"line"`
}

func (c *testClient) logs(path, lastEventID string) *response {
	c.t.Helper()
	req, err := http.NewRequest("GET", c.f.URL()+path, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.key)
	req.Header.Set("Accept", "text/event-stream")
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	return c.send(req)
}

func parseSSE(t *testing.T, r *response) []sseEvent {
	t.Helper()
	r.wantStatus(t, http.StatusOK)
	for k, v := range map[string]string{
		"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no",
	} {
		if got := r.header.Get(k); got != v {
			t.Fatalf("%s = %q, want %q", k, got, v)
		}
	}
	if r.header.Get("RateLimit") == "" || r.header.Get("RateLimit-Policy") == "" {
		t.Fatalf("logs response lacks RateLimit headers: %v", r.header)
	}
	var out []sseEvent
	body := string(r.body)
	if body == "" {
		return nil
	}
	if !strings.HasSuffix(body, "\n\n") {
		t.Fatalf("stream does not end with a complete event: %q", body)
	}
	for _, frame := range strings.Split(strings.TrimSuffix(body, "\n\n"), "\n\n") {
		lines := strings.Split(frame, "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "id: ") || !strings.HasPrefix(lines[1], "data: ") {
			t.Fatalf("frame is not id + data: %q", frame)
		}
		var e sseEvent
		if err := json.Unmarshal([]byte(strings.TrimPrefix(lines[1], "data: ")), &e); err != nil {
			t.Fatalf("data is not JSON: %q", lines[1])
		}
		e.ID = strings.TrimPrefix(lines[0], "id: ")
		if _, err := time.Parse(time.RFC3339, e.TS); err != nil || !strings.HasPrefix(e.ID, e.TS+"/") {
			t.Fatalf("event id %q / ts %q", e.ID, e.TS)
		}
		out = append(out, e)
	}
	return out
}

func texts(es []sseEvent) []string {
	out := []string{}
	for _, e := range es {
		out = append(out, e.Source+": "+e.Line)
	}
	return out
}

// logPod seeds a running pod with the script and returns its logs path.
func logPod(f *Fake, name string, script *PodLogScript) string {
	p := f.SeedPod(Pod{Name: name, Image: "runpod/base:0.7.0", GPU: &PodGPU{ID: "NVIDIA GeForce RTX 4090"}})
	if script != nil {
		f.SetPodLog(p.ID, *script)
	}
	return "/v2/pods/" + p.ID + "/logs"
}

func TestPodLogsScriptTailSourceAndDelay(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	path := logPod(f, "web", &PodLogScript{Lines: []PodLogScriptLine{
		{Source: PodLogSourceSystem, Text: "Starting container"},
		{Source: PodLogSourceContainer, Text: "booting"},
		{Source: PodLogSourceContainer, Text: "listening on 0.0.0.0:8888", After: 2},
	}})

	// Read 1 and 2: the late line is not printed yet.
	mustEqual(t, "read 1", texts(parseSSE(t, c.logs(path, ""))), []string{"system: Starting container", "container: booting"})
	mustEqual(t, "read 2 container", texts(parseSSE(t, c.logs(path+"?source=container", ""))), []string{"container: booting"})
	// Read 3: it is.
	all := parseSSE(t, c.logs(path, ""))
	mustEqual(t, "read 3", texts(all), []string{"system: Starting container", "container: booting", "container: listening on 0.0.0.0:8888"})
	mustEqual(t, "tail=1", texts(parseSSE(t, c.logs(path+"?tail=1", ""))), []string{"container: listening on 0.0.0.0:8888"})
	mustEqual(t, "tail=0", texts(parseSSE(t, c.logs(path+"?tail=0", ""))), []string{})
	mustEqual(t, "system", texts(parseSSE(t, c.logs(path+"?source=system&tail=5000", ""))), []string{"system: Starting container"})
	if n := f.PodLogReads(strings.Split(path, "/")[3]); n != 6 {
		t.Fatalf("PodLogReads = %d, want 6", n)
	}
	// Ids are unique and increasing.
	if all[0].ID == all[1].ID || all[1].ID >= all[2].ID {
		t.Fatalf("ids not increasing: %v", all)
	}
}

func TestPodLogsResumeSinceAndLastEventID(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	f.SetClock(func() time.Time { return now })
	path := logPod(f, "resume", &PodLogScript{Lines: []PodLogScriptLine{
		{Source: PodLogSourceContainer, Text: "one"},
		{Source: PodLogSourceContainer, Text: "two", After: 1},
		{Source: PodLogSourceContainer, Text: "three", After: 2},
	}})
	first := parseSSE(t, c.logs(path, ""))
	mustEqual(t, "first", texts(first), []string{"container: one"})
	now = now.Add(time.Minute)
	second := parseSSE(t, c.logs(path, ""))
	now = now.Add(time.Minute)
	c.logs(path, "") // prints "three"

	// Last-Event-ID resumes after that event and beats since and tail.
	mustEqual(t, "after first", texts(parseSSE(t, c.logs(path+"?tail=1&since=2020-01-01T00:00:00Z", first[0].ID))),
		[]string{"container: two", "container: three"})
	// A bare timestamp resumes after it.
	mustEqual(t, "after 12:01", texts(parseSSE(t, c.logs(path, "2026-06-01T12:01:00Z"))), []string{"container: three"})
	// since is inclusive and beats tail.
	mustEqual(t, "since", texts(parseSSE(t, c.logs(path+"?tail=1&since="+second[1].TS, ""))),
		[]string{"container: two", "container: three"})
	mustEqual(t, "since future", texts(parseSSE(t, c.logs(path+"?since=2027-01-01T00:00:00Z", ""))), []string{})
}

func TestPodLogsBootsDefaultAndCrashLoop(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	f.SetClock(func() time.Time { return now })
	f.SetPodStartDelay(0)

	// Default: system lines only.
	def := logPod(f, "plain", nil)
	got := texts(parseSSE(t, c.logs(def, "")))
	mustEqual(t, "default", got, []string{"system: Pulling image runpod/base:0.7.0", "system: Image pulled: runpod/base:0.7.0",
		"system: Creating container", "system: Starting container"})

	// A script by name reaches a pod created later; a restart replays it.
	f.SetPodLogForName("looping", CrashLoopPodLog("ImportError: no module named app", 2))
	var created Pod
	c.do("POST", "/v2/pods", map[string]any{"name": "looping", "image": "img", "gpu": map[string]any{"id": "NVIDIA GeForce RTX 4090", "count": 1}}).
		wantStatus(t, http.StatusCreated).decode(t, &created)
	id := created.ID
	path := "/v2/pods/" + id + "/logs"
	mustEqual(t, "boot 1 read 1", texts(parseSSE(t, c.logs(path, ""))), []string{"system: Starting container", "container: ImportError: no module named app"})
	c.logs(path, "")
	sys := texts(parseSSE(t, c.logs(path+"?source=system", "")))
	mustEqual(t, "restarts", sys, []string{"system: Starting container",
		"system: Container exited with code 1, restarting (restart 1)", "system: Starting container",
		"system: Container exited with code 1, restarting (restart 2)", "system: Starting container"})

	now = now.Add(time.Hour)
	c.do("POST", "/v2/pods/"+id+"/action", map[string]any{"action": "restart"}).wantStatus(t, http.StatusOK)
	boot2 := parseSSE(t, c.logs(path+"?since="+now.Format(time.RFC3339), ""))
	mustEqual(t, "boot 2", texts(boot2), []string{"system: Starting container", "container: ImportError: no module named app"})

	// A restart within the same second is a new boot too.
	c.do("POST", "/v2/pods/"+id+"/action", map[string]any{"action": "restart"}).wantStatus(t, http.StatusOK)
	boot3 := parseSSE(t, c.logs(path+"?tail=2", ""))
	mustEqual(t, "boot 3", texts(boot3), []string{"system: Starting container", "container: ImportError: no module named app"})
	if boot3[0].ID <= boot2[1].ID {
		t.Fatalf("boot 3 ids %v do not follow boot 2's %v", boot3, boot2)
	}

	// A stopped pod keeps its log and prints nothing new.
	c.do("POST", "/v2/pods/"+id+"/action", map[string]any{"action": "stop"}).wantStatus(t, http.StatusOK)
	before := len(parseSSE(t, c.logs(path+"?tail=5000", "")))
	if after := len(parseSSE(t, c.logs(path+"?tail=5000", ""))); after != before || before != 12 {
		t.Fatalf("stopped pod log grew or is wrong: %d then %d lines, want 12", before, after)
	}
}

func TestPodLogsRefusals(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	path := logPod(f, "bad", nil)
	for q, want := range map[string]string{
		"?source=both":          "query.source",
		"?tail=5001":            "maximum",
		"?tail=-1":              "minimum",
		"?tail=ten":             "not an integer",
		"?since=yesterday":      "query.since",
		"?tail=1&tail=2":        "given 2 times",
		"?source=system&tail=x": "query.tail",
	} {
		c.logs(path+q, "").wantProblem(t, http.StatusUnprocessableEntity, want)
	}
	c.logs(path, "not-a-cursor").wantProblem(t, http.StatusUnprocessableEntity, "header.Last-Event-ID")
	c.logs("/v2/pods/nosuchpod0/logs", "").wantProblem(t, http.StatusNotFound, "pod not found")
	c.do("POST", path, nil).wantProblem(t, http.StatusMethodNotAllowed, "")
	c.key = "wrong"
	c.logs(path, "").wantProblem(t, http.StatusUnauthorized, "")

	// Every exchange above went through the spec check (NewTestServer fails
	// the test at cleanup on a violation).
	f.logMu.Lock()
	checked, on := f.specChecked, f.spec != nil
	f.logMu.Unlock()
	if n := len(f.Requests()); on && checked != n {
		t.Fatalf("checked %d of %d exchanges", checked, n)
	}
}

func TestPodLogsSetPodLogPanicsOnBadSource(t *testing.T) {
	t.Parallel()
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `source "stdout"`) {
			t.Fatalf("recover() = %v", r)
		}
	}()
	New().SetPodLog("x", PodLogScript{Lines: []PodLogScriptLine{{Source: "stdout", Text: "x"}}})
}
