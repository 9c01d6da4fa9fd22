package runpodfake

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Pod logs: GET /v2/pods/{id}/logs.
//
// The response is Server-Sent Events: one event per log line, an `id:` line
// (`<ts>/<12-digit sequence>`, the shape of the spec's examples) and a
// `data:` line holding {"ts","source","line"}, then a blank line. The query
// `source` (container | system; omitted for both), `tail` (0-5000, default
// 100, 0 = live only), `since` (RFC 3339, inclusive) and the Last-Event-ID
// header (resume after that event) select the backfill, with the
// documented precedence Last-Event-ID > since > tail. Malformed parameters
// get 422, an unknown pod 404, both as problem+json.
//
// Stream end: the real stream stays open after the backfill and pushes new
// lines; the fake always ends the response after the backfill, so that a
// client's read terminates (the API may close the stream after the
// backfill). The spec has no follow parameter; following is done the way
// the API documents a reconnect: ask again with Last-Event-ID (or since),
// and each request is one observation of the log (see PodLogScript).

// Log sources (spec LogSource).
const (
	PodLogSourceContainer = "container"
	PodLogSourceSystem    = "system"
)

// Defaults and limits of the logs query (spec components.parameters.LogTail).
const (
	DefaultPodLogTail = 100
	MaxPodLogTail     = 5000
)

// PodLogScript is the boot log a pod prints, replayed on every boot (each
// create, start and restart that reaches RUNNING with a new startedAt).
// Lines appear in order: line i is visible from the log read of the boot
// whose number (1-based) exceeds its After, and never before an earlier
// line of the script (so a late line holds back the ones after it).
type PodLogScript struct {
	Lines []PodLogScriptLine
}

// PodLogScriptLine is one scripted line. Source is PodLogSourceContainer or
// PodLogSourceSystem; After is how many log reads of the current boot must
// have happened before the line is printed (0: from the first read).
type PodLogScriptLine struct {
	Source string
	Text   string
	After  int
}

// CrashLoopPodLog is a boot log of a container that keeps failing: after
// the system's start lines it prints failure in the container log, then the
// system log shows the container exiting and being restarted, restarts
// times (one restart per log read), each followed by the failure again.
// The system lines read "Container exited with code 1, restarting
// (restart N)", the shape a crash loop's evidence takes.
func CrashLoopPodLog(failure string, restarts int) PodLogScript {
	s := PodLogScript{Lines: []PodLogScriptLine{
		{Source: PodLogSourceSystem, Text: "Starting container"},
		{Source: PodLogSourceContainer, Text: failure},
	}}
	for i := 1; i <= restarts; i++ {
		s.Lines = append(s.Lines,
			PodLogScriptLine{Source: PodLogSourceSystem, Text: fmt.Sprintf("Container exited with code 1, restarting (restart %d)", i), After: i},
			PodLogScriptLine{Source: PodLogSourceSystem, Text: "Starting container", After: i},
			PodLogScriptLine{Source: PodLogSourceContainer, Text: failure, After: i},
		)
	}
	return s
}

// defaultPodLog is the boot log of a pod without a script: a few system
// lines and nothing from the container.
func defaultPodLog(image string) PodLogScript {
	return PodLogScript{Lines: []PodLogScriptLine{
		{Source: PodLogSourceSystem, Text: "Pulling image " + image},
		{Source: PodLogSourceSystem, Text: "Image pulled: " + image},
		{Source: PodLogSourceSystem, Text: "Creating container"},
		{Source: PodLogSourceSystem, Text: "Starting container"},
	}}
}

// SetPodLog scripts the boot log of the pod with this id (replacing any
// script it had); it takes effect from the pod's next boot, or at once if
// the current boot has printed nothing yet. It panics on a line whose
// source is not container or system, a bug in the test.
func (f *Fake) SetPodLog(podID string, script PodLogScript) {
	checkScript(script)
	f.mu.Lock()
	defer f.mu.Unlock()
	st := f.podLogStateOf(podID)
	st.script = cloneScript(script)
	if st.shown == 0 {
		st.boot = nil
	}
}

// SetPodLogForName scripts the boot log of every pod named name, existing
// or created later, that has no script of its own (SetPodLog), so that a
// test can script a pod Terraform has not created yet.
func (f *Fake) SetPodLogForName(name string, script PodLogScript) {
	checkScript(script)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.podLogs.byName == nil {
		f.podLogs.byName = map[string]*PodLogScript{}
	}
	f.podLogs.byName[name] = cloneScript(script)
}

// PodLogReads reports how many log requests for the pod the fake has
// answered with 200.
func (f *Fake) PodLogReads(podID string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if st, ok := f.podLogs.pods[podID]; ok {
		return st.requests
	}
	return 0
}

func checkScript(s PodLogScript) {
	for _, l := range s.Lines {
		if l.Source != PodLogSourceContainer && l.Source != PodLogSourceSystem {
			panic(fmt.Sprintf("runpodfake: pod log line %q has source %q; want container or system", l.Text, l.Source))
		}
	}
}

func cloneScript(s PodLogScript) *PodLogScript {
	return &PodLogScript{Lines: append([]PodLogScriptLine(nil), s.Lines...)}
}

// podLogStore is the fake's log state. Guarded by Fake.mu.
type podLogStore struct {
	pods   map[string]*podLogState
	byName map[string]*PodLogScript
}

// podLogState is one pod's log: every line printed so far, across boots.
type podLogState struct {
	script   *PodLogScript // SetPodLog's; nil means by name, else the default
	boot     *time.Time    // the pod's startedAt pointer of the boot being printed; nil before the first
	bootLog  PodLogScript  // the script of the current boot
	reads    int           // log reads of the current boot while RUNNING
	shown    int           // lines of bootLog printed
	events   []podLogEvent
	seq      int64
	requests int
}

type podLogEvent struct {
	seq    int64
	ts     time.Time
	source string
	line   string
}

func (e podLogEvent) id() string {
	return fmt.Sprintf("%s/%012d", e.ts.Format(time.RFC3339), e.seq)
}

// podLogStateOf returns the pod's log state, creating it. Callers hold f.mu.
func (f *Fake) podLogStateOf(podID string) *podLogState {
	if f.podLogs.pods == nil {
		f.podLogs.pods = map[string]*podLogState{}
	}
	st := f.podLogs.pods[podID]
	if st == nil {
		st = &podLogState{}
		f.podLogs.pods[podID] = st
	}
	return st
}

// advancePodLog applies one log read to the pod's log: a new boot (a
// start or restart that reached RUNNING since the last read) starts the
// script again; while the pod is RUNNING each read prints the lines that
// have come due, stamped with the fake's clock (never before the boot's
// startedAt). A pod that has never started prints nothing; a stopped or
// failed one keeps its log.
// Callers hold f.mu.
func (f *Fake) advancePodLog(s *storedPod) *podLogState {
	st := f.podLogStateOf(s.p.ID)
	started := s.p.StartedAt
	if started == nil {
		return st
	}
	// Every boot gets a fresh startedAt pointer (becomeRunning), so a
	// restart within the same second is still a new boot.
	if st.boot != started {
		st.boot = started
		st.reads, st.shown = 0, 0
		switch {
		case st.script != nil:
			st.bootLog = *st.script
		case f.podLogs.byName[s.p.Name] != nil:
			st.bootLog = *f.podLogs.byName[s.p.Name]
		default:
			st.bootLog = defaultPodLog(s.p.Image)
		}
	}
	if s.p.Status != PodStatusRunning {
		return st
	}
	st.reads++
	now := f.clockNow().Truncate(time.Second)
	if now.Before(*st.boot) {
		now = *st.boot
	}
	for st.shown < len(st.bootLog.Lines) {
		l := st.bootLog.Lines[st.shown]
		if l.After >= st.reads {
			break
		}
		st.seq++
		st.events = append(st.events, podLogEvent{seq: st.seq, ts: now, source: l.Source, line: l.Text})
		st.shown++
	}
	return st
}

// lastEventIDRe is the shape of the ids the fake sends.
var lastEventIDRe = regexp.MustCompile(`^([^/]+)/(\d{1,18})$`)

// podLogQuery is a parsed logs request.
type podLogQuery struct {
	source   string
	tail     int
	since    *time.Time
	afterSeq int64      // Last-Event-ID in the fake's own form
	afterTS  *time.Time // Last-Event-ID as a bare timestamp
	resume   bool       // Last-Event-ID given
}

func parsePodLogQuery(r *http.Request) (podLogQuery, *problem) {
	qr := &queryReader{q: r.URL.Query()}
	q := podLogQuery{tail: DefaultPodLogTail}
	q.source, _ = qr.enum("source", []string{PodLogSourceContainer, PodLogSourceSystem})
	if v, ok := qr.get("tail"); ok {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil:
			qr.errs = append(qr.errs, fmt.Sprintf("query.tail: '%s' is not an integer", v))
		case n < 0:
			qr.errs = append(qr.errs, fmt.Sprintf("query.tail: minimum: got %d, want 0", n))
		case n > MaxPodLogTail:
			qr.errs = append(qr.errs, fmt.Sprintf("query.tail: maximum: got %d, want %d", n, MaxPodLogTail))
		default:
			q.tail = n
		}
	}
	if v, ok := qr.get("since"); ok {
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			qr.errs = append(qr.errs, fmt.Sprintf("query.since: '%s' is not an RFC 3339 date-time", v))
		} else {
			q.since = &t
		}
	}
	if vs := r.Header.Values("Last-Event-ID"); len(vs) > 0 {
		v := strings.TrimSpace(vs[0])
		q.resume = true
		if m := lastEventIDRe.FindStringSubmatch(v); m != nil {
			if _, err := time.Parse(time.RFC3339, m[1]); err == nil {
				q.afterSeq, _ = strconv.ParseInt(m[2], 10, 64)
				return q, qr.problem()
			}
		}
		if t, err := time.Parse(time.RFC3339, v); err == nil {
			q.afterTS = &t
		} else {
			qr.errs = append(qr.errs, fmt.Sprintf("header.Last-Event-ID: '%s' is neither an event id this endpoint sent nor an RFC 3339 date-time", v))
		}
	}
	return q, qr.problem()
}

// selectEvents applies the query to the pod's log.
func (q podLogQuery) selectEvents(all []podLogEvent) []podLogEvent {
	var out []podLogEvent
	for _, e := range all {
		if q.source != "" && e.source != q.source {
			continue
		}
		switch {
		case q.resume && q.afterTS == nil:
			if e.seq <= q.afterSeq {
				continue
			}
		case q.resume:
			if !e.ts.After(*q.afterTS) {
				continue
			}
		case q.since != nil:
			if e.ts.Before(*q.since) {
				continue
			}
		}
		out = append(out, e)
	}
	if !q.resume && q.since == nil {
		if q.tail < len(out) {
			out = out[len(out)-q.tail:]
		}
	}
	return out
}

func (f *Fake) podLogRoutes() {
	f.mux.HandleFunc("GET /v2/pods/{id}/logs", f.getPodLogs)
}

func (f *Fake) getPodLogs(w http.ResponseWriter, r *http.Request) {
	q, p := parsePodLogQuery(r)
	if p != nil {
		writeProblem(w, p)
		return
	}
	f.mu.Lock()
	s, ok := f.pods[r.PathValue("id")]
	if !ok {
		f.mu.Unlock()
		writeProblem(w, notFound("pod not found"))
		return
	}
	st := f.advancePodLog(s)
	st.requests++
	events := q.selectEvents(st.events)
	f.mu.Unlock()

	writeLogStream(w, events)
}

// writeLogStream answers 200 with the SSE framing of pod and worker logs
// (the API reference): one event per line, "id: <ts>/<seq>" and "data: {ts,
// source, line}", each followed by a blank line.
func writeLogStream(w http.ResponseWriter, events []podLogEvent) {
	var b strings.Builder
	for _, e := range events {
		fmt.Fprintf(&b, "id: %s\ndata: ", e.id())
		b.Write(encodeJSON(wireObject{
			{"ts", e.ts.Format(time.RFC3339)},
			{"source", e.source},
			{"line", e.line},
		})) // ends in "\n"
		b.WriteString("\n")
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(b.String()))
}
