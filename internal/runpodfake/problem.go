package runpodfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
)

// problem is an RFC 9457 problem+json body, shaped like the spec's
// ErrorResponse: title, status and detail are always present; errors lists
// schema violations on 422.
type problem struct {
	Title  string   `json:"title"`
	Status int      `json:"status"`
	Detail string   `json:"detail"`
	Errors []string `json:"errors,omitempty"`

	// headers are extra response headers (Allow on 405, Retry-After on 429).
	headers http.Header
}

func newProblem(status int, detail string) *problem {
	return &problem{Title: http.StatusText(status), Status: status, Detail: detail}
}

func badRequest(format string, args ...any) *problem {
	return newProblem(http.StatusBadRequest, fmt.Sprintf(format, args...))
}

func notFound(format string, args ...any) *problem {
	return newProblem(http.StatusNotFound, fmt.Sprintf(format, args...))
}

// unprocessable is a schema violation. The detail repeats the spec's example
// text; the individual violations go in errors.
func unprocessable(errs ...string) *problem {
	p := newProblem(http.StatusUnprocessableEntity, "Request validation failed.")
	p.Errors = errs
	return p
}

func (p *problem) withHeader(k, v string) *problem {
	if p.headers == nil {
		p.headers = http.Header{}
	}
	p.headers.Set(k, v)
	return p
}

func writeProblem(w http.ResponseWriter, p *problem) {
	for k, vs := range p.headers {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Del("Content-Length")
	w.WriteHeader(p.Status)
	_, _ = w.Write(encodeJSON(p))
}

// writeJSON sends a success body. HTML escaping is off so that bodies read
// naturally in logs (e.g. "<" in an env value); both forms are valid JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(encodeJSON(v))
}

// writeNoContent is the 204 every successful delete returns: no body and no
// Content-Type, so a client that tries to decode JSON from it fails loudly.
func writeNoContent(w http.ResponseWriter) {
	w.WriteHeader(http.StatusNoContent)
}

func encodeJSON(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("runpodfake: encoding response: %v", err))
	}
	return buf.Bytes()
}
