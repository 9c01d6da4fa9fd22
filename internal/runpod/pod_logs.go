package runpod

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// Pod log sources (spec LogSource). An empty PodLogQuery.Source asks for both.
const (
	PodLogSourceContainer = "container"
	PodLogSourceSystem    = "system"
)

// Pod log limits. MaxPodLogTail is the API's maximum for tail.
// DefaultPodLogMaxBytes bounds how much of a stream GetPodLogs reads, since
// the stream may never end; DefaultPodLogIdle is how long it waits for the
// next byte before taking the backfill as complete, and DefaultPodLogWindow
// how long it reads at most.
const (
	MaxPodLogTail         = 5000
	DefaultPodLogMaxBytes = 1 << 20
	DefaultPodLogIdle     = 2 * time.Second
	DefaultPodLogWindow   = 10 * time.Second
	// maxPodLogLine bounds one line's text; longer lines are cut.
	maxPodLogLine = 16 << 10
)

// PodLogQuery selects the lines of GET /v2/pods/{id}/logs. Zero values are
// left out of the request, so the API's defaults apply (both sources, tail
// 100). LastEventID takes precedence over Since, which takes precedence over
// Tail.
type PodLogQuery struct {
	Source string // PodLogSourceContainer, PodLogSourceSystem or "" for both
	// Tail is the number of past lines to backfill (0-5000); nil sends
	// none, and the API's default (100) applies.
	Tail        *int
	Since       time.Time // resume from this time (inclusive); zero for none
	LastEventID string    // resume after this event id (opaque, echoed verbatim)

	// MaxBytes bounds the bytes read from the stream (default
	// DefaultPodLogMaxBytes); reading stops there and the lines complete
	// by then are returned.
	MaxBytes int
	// Idle and Window bound the time spent reading: the stream stays open
	// after the backfill, so reading ends when no byte arrives for Idle
	// (default DefaultPodLogIdle), after Window (default
	// DefaultPodLogWindow), or when the server closes it.
	Idle   time.Duration
	Window time.Duration
}

// PodLogLine is one log event. Time is zero and Source empty when the
// event's data is not the documented JSON object (its raw text is kept in
// Text); ID is the event id, for PodLogQuery.LastEventID.
type PodLogLine struct {
	ID     string
	Time   time.Time
	Source string
	Text   string
}

// GetPodLogs reads a pod's log (GET /v2/pods/{id}/logs, Server-Sent Events)
// and returns the complete events read before the stream ended, went idle,
// ran out of its window or reached MaxBytes. An unknown pod is a 404
// *APIError, a malformed query a 422.
func (c *Client) GetPodLogs(ctx context.Context, id string, q PodLogQuery) ([]PodLogLine, error) {
	p, err := pathID("pod", "/v2/pods", id)
	if err != nil {
		return nil, err
	}
	return c.readLogs(ctx, p+"/logs", q)
}

// readLogs reads the log stream at path (pod and worker logs share the
// query, the framing and the bounds).
func (c *Client) readLogs(ctx context.Context, path string, q PodLogQuery) ([]PodLogLine, error) {
	query := url.Values{}
	if q.Source != "" {
		query.Set("source", q.Source)
	}
	if q.Tail != nil {
		query.Set("tail", strconv.Itoa(*q.Tail))
	}
	if !q.Since.IsZero() {
		query.Set("since", q.Since.UTC().Format(time.RFC3339))
	}
	header := http.Header{}
	if q.LastEventID != "" {
		header.Set("Last-Event-ID", q.LastEventID)
	}
	maxBytes := q.MaxBytes
	if maxBytes <= 0 {
		maxBytes = DefaultPodLogMaxBytes
	}
	idle, window := q.Idle, q.Window
	if idle <= 0 {
		idle = DefaultPodLogIdle
	}
	if window <= 0 {
		window = DefaultPodLogWindow
	}
	var lines []PodLogLine
	err := c.stream(ctx, path, query, header, "text/event-stream", idle, window, func(body io.Reader) error {
		var perr error
		lines, perr = parsePodLogStream(io.LimitReader(body, int64(maxBytes)))
		return perr
	})
	return lines, err
}

// stream sends a GET whose answer is read incrementally, such as an SSE
// stream: auth, User-Agent, retries (retryClient's policy, before the answer
// starts), masking and *APIError are as in do. consume reads the 2xx body;
// reading is cut off once no byte arrives for idle or window has passed,
// which ends the body the way the server closing it would.
func (c *Client) stream(ctx context.Context, path string, query url.Values, header http.Header, accept string,
	idle, window time.Duration, consume func(io.Reader) error,
) error {
	const method = http.MethodGet
	ctx = c.requestContext(ctx, method, path)
	reqCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	header = header.Clone()
	if header == nil {
		header = http.Header{}
	}
	header.Set("Accept", accept)
	resp, err := c.send(reqCtx, method, path, query, nil, header)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()

	// Cut the stream off when it goes quiet or the window ends. A cut is
	// the normal end of a live stream, not an error.
	var cut atomic.Bool
	stop := func() { cut.Store(true); cancel() }
	idleTimer := time.AfterFunc(idle, stop)
	defer idleTimer.Stop()
	windowTimer := time.AfterFunc(window, stop)
	defer windowTimer.Stop()
	body := &activityReader{r: resp.Body, onRead: func() { idleTimer.Reset(idle) }}
	err = consume(body)
	switch {
	case err == nil:
	case cut.Load() && ctx.Err() == nil:
		tflog.Debug(ctx, "Runpod API stream cut off after going quiet or reaching its window")
		err = nil
	case ctx.Err() != nil:
		err = fmt.Errorf("%s %s: %w", method, path, ctx.Err())
	default:
		err = fmt.Errorf("%s %s: reading the stream: %w", method, path, err)
	}
	return err
}

// activityReader calls onRead after every read that returned bytes.
type activityReader struct {
	r      io.Reader
	onRead func()
}

func (a *activityReader) Read(p []byte) (int, error) {
	n, err := a.r.Read(p)
	if n > 0 {
		a.onRead()
	}
	return n, err
}

// parsePodLogStream parses Server-Sent Events (WHATWG HTML, "event stream
// interpretation") leniently: lines end in \n, \r\n or \r; lines starting
// with ':' are comments; data lines accumulate (joined by \n); the field
// name is everything before the first ':' and one leading space of the
// value is dropped; id sets the event id; events of a type other than the
// default "message" and unknown fields are ignored; an event is dispatched
// at a blank line, so a partial last event is dropped. It returns the
// events complete before r ended or failed, with a read error (the caller
// decides whether a cut stream is an error).
func parsePodLogStream(r io.Reader) ([]PodLogLine, error) {
	br := bufio.NewReaderSize(&crlfReader{r: r}, maxPodLogLine+1024)
	var (
		out       []PodLogLine
		data      bytes.Buffer
		hasData   bool
		eventType string
		lastID    string
		dataFull  bool
	)
	dispatch := func() {
		if hasData && (eventType == "" || eventType == "message") {
			out = append(out, decodePodLogData(lastID, data.Bytes()))
		}
		data.Reset()
		hasData, dataFull, eventType = false, false, ""
	}
	for {
		line, err := readSSELine(br)
		if err != nil {
			if errors.Is(err, io.EOF) {
				return out, nil
			}
			return out, err
		}
		if len(line) == 0 {
			dispatch()
			continue
		}
		if line[0] == ':' {
			continue
		}
		field, value := line, []byte(nil)
		if i := bytes.IndexByte(line, ':'); i >= 0 {
			field, value = line[:i], line[i+1:]
			value = bytes.TrimPrefix(value, []byte(" "))
		}
		switch string(field) {
		case "data":
			if hasData && !dataFull {
				data.WriteByte('\n')
			}
			hasData = true
			if data.Len()+len(value) > maxPodLogLine {
				value = value[:max(0, maxPodLogLine-data.Len())]
				dataFull = true
			}
			data.Write(value)
		case "id":
			if bytes.IndexByte(value, 0) < 0 {
				lastID = string(value)
			}
		case "event":
			eventType = string(value)
		}
	}
}

// readSSELine returns the next line without its \n (crlfReader has turned
// \r\n and \r into \n). A line longer than the reader's buffer is cut to
// it and the rest discarded. io.EOF comes only when no partial line remains
// to drop, so an unterminated last line is never returned.
func readSSELine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	full := false
	for {
		chunk, err := br.ReadSlice('\n')
		switch {
		case err == nil:
			if !full {
				line = append(line, chunk[:len(chunk)-1]...)
			}
			return line, nil
		case errors.Is(err, bufio.ErrBufferFull):
			if !full {
				line = append(line, chunk...)
				full = true
			}
		default:
			return nil, err
		}
	}
}

// crlfReader turns the SSE line ends \r\n and a lone \r into \n, also
// when a \r\n pair is split across reads.
type crlfReader struct {
	r         io.Reader
	pendingCR bool // the last byte returned was a \r turned into \n
}

func (c *crlfReader) Read(p []byte) (int, error) {
	for {
		n, err := c.r.Read(p)
		w := 0
		for _, b := range p[:n] {
			switch {
			case b == '\n' && c.pendingCR:
				c.pendingCR = false
				continue
			case b == '\r':
				c.pendingCR = true
				b = '\n'
			default:
				c.pendingCR = false
			}
			p[w] = b
			w++
		}
		if w > 0 || err != nil || n == 0 {
			return w, err
		}
	}
}

// decodePodLogData reads one event's data: the documented JSON object
// {"ts","source","line"}, unknown keys ignored; anything else is kept as raw
// text.
func decodePodLogData(id string, data []byte) PodLogLine {
	var v struct {
		TS     string  `json:"ts"`
		Source string  `json:"source"`
		Line   *string `json:"line"`
	}
	if json.Unmarshal(data, &v) == nil && v.Line != nil {
		l := PodLogLine{ID: id, Source: v.Source, Text: *v.Line}
		if t, err := time.Parse(time.RFC3339Nano, v.TS); err == nil {
			l.Time = t
		}
		return l
	}
	// Raw text may be cut mid-rune (or not be UTF-8 at all); Terraform
	// strings must be valid UTF-8.
	return PodLogLine{ID: id, Text: strings.ToValidUTF8(string(data), "\uFFFD")}
}
