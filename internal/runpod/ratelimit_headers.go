package runpod

import (
	"net/http"
	"strconv"
	"strings"
)

// The API's rate-limit headers (the IETF ratelimit-headers
// draft), structured-field lists with one member per window:
//
//	RateLimit:        "minute";r=<remaining>;t=<seconds to reset>, "hour";..., "day";...
//	RateLimit-Policy: "minute";q=<quota>;w=<window seconds>, ...
//
// Both are optional: rate-limit-exempt callers get neither. The parsers below
// never fail loudly: a header they cannot read is reported as absent, and the
// client then simply does not pace.

// rateLimitState is one window's member of the RateLimit header.
type rateLimitState struct {
	name      string
	remaining int64 // r
	resetSecs int64 // t
}

// rateLimitPolicy is one window's member of the RateLimit-Policy header.
type rateLimitPolicy struct {
	quota      int64 // q
	windowSecs int64 // w
}

// parseRateLimit reads the RateLimit header(s). ok is false when the header
// is absent or malformed, or a member lacks r or t: no information.
func parseRateLimit(h http.Header) ([]rateLimitState, bool) {
	members, ok := parseSFList(strings.Join(h.Values("RateLimit"), ", "))
	if !ok || len(members) == 0 {
		return nil, false
	}
	out := make([]rateLimitState, 0, len(members))
	for _, m := range members {
		r, okR := m.nonNegativeInt("r")
		t, okT := m.nonNegativeInt("t")
		if !okR || !okT {
			return nil, false
		}
		out = append(out, rateLimitState{name: m.name, remaining: r, resetSecs: t})
	}
	return out, true
}

// parseRateLimitPolicy reads the RateLimit-Policy header(s) into quota and
// window length per window name. A malformed header gives an empty map;
// members without a positive q and w are left out.
func parseRateLimitPolicy(h http.Header) map[string]rateLimitPolicy {
	out := map[string]rateLimitPolicy{}
	members, ok := parseSFList(strings.Join(h.Values("RateLimit-Policy"), ", "))
	if !ok {
		return out
	}
	for _, m := range members {
		q, okQ := m.nonNegativeInt("q")
		w, okW := m.nonNegativeInt("w")
		if okQ && okW && q > 0 && w > 0 {
			out[m.name] = rateLimitPolicy{quota: q, windowSecs: w}
		}
	}
	return out
}

// sfMember is one member of a structured-field list (RFC 8941) whose item
// is a string or token (the window name), with its parameters as raw text.
type sfMember struct {
	name   string
	params map[string]string
}

func (m sfMember) nonNegativeInt(key string) (int64, bool) {
	v, ok := m.params[key]
	if !ok || v == "" || len(v) > 15 || v[0] == '-' {
		return 0, false
	}
	n, err := strconv.ParseInt(v, 10, 64)
	return n, err == nil
}

// parseSFList parses the subset of RFC 8941 lists these headers use: members
// that are a string or token with parameters. Inner lists, other item types
// and syntax errors make the whole list malformed (ok false). Parameter
// values of any bare-item type are accepted and kept as text; integers keep
// their digits, so unknown parameters do no harm.
func parseSFList(s string) (members []sfMember, ok bool) {
	p := sfParser{s: s}
	p.skipOWS()
	if p.done() {
		return nil, true
	}
	for {
		m, ok := p.member()
		if !ok {
			return nil, false
		}
		members = append(members, m)
		p.skipOWS()
		if p.done() {
			return members, true
		}
		if p.s[p.i] != ',' {
			return nil, false
		}
		p.i++
		p.skipOWS()
		if p.done() { // a trailing comma
			return nil, false
		}
	}
}

type sfParser struct {
	s string
	i int
}

func (p *sfParser) done() bool { return p.i >= len(p.s) }

func (p *sfParser) skipOWS() {
	for !p.done() && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *sfParser) member() (sfMember, bool) {
	if p.done() {
		return sfMember{}, false
	}
	var name string
	switch c := p.s[p.i]; {
	case c == '"':
		v, ok := p.str()
		if !ok {
			return sfMember{}, false
		}
		name = v
	case isAlpha(c) || c == '*':
		name = p.token()
	default: // inner list, number, byte sequence, boolean: not a window name
		return sfMember{}, false
	}
	params := map[string]string{}
	for !p.done() && p.s[p.i] == ';' {
		p.i++
		for !p.done() && p.s[p.i] == ' ' {
			p.i++
		}
		key, ok := p.key()
		if !ok {
			return sfMember{}, false
		}
		val := "?1" // a parameter without a value is boolean true
		if !p.done() && p.s[p.i] == '=' {
			p.i++
			if val, ok = p.bareItem(); !ok {
				return sfMember{}, false
			}
		}
		params[key] = val
	}
	return sfMember{name: name, params: params}, true
}

func (p *sfParser) key() (string, bool) {
	start := p.i
	if p.done() || (!isLCAlpha(p.s[p.i]) && p.s[p.i] != '*') {
		return "", false
	}
	for !p.done() {
		c := p.s[p.i]
		if !isLCAlpha(c) && !isDigit(c) && strings.IndexByte("_-.*", c) < 0 {
			break
		}
		p.i++
	}
	return p.s[start:p.i], true
}

// bareItem reads a parameter value: integer or decimal, string, token,
// byte sequence or boolean.
func (p *sfParser) bareItem() (string, bool) {
	if p.done() {
		return "", false
	}
	switch c := p.s[p.i]; {
	case c == '-' || isDigit(c):
		start := p.i
		if c == '-' {
			p.i++
		}
		digits := 0
		for !p.done() && (isDigit(p.s[p.i]) || p.s[p.i] == '.') {
			p.i++
			digits++
		}
		return p.s[start:p.i], digits > 0
	case c == '"':
		return p.str()
	case isAlpha(c) || c == '*':
		return p.token(), true
	case c == ':':
		end := strings.IndexByte(p.s[p.i+1:], ':')
		if end < 0 {
			return "", false
		}
		v := p.s[p.i : p.i+end+2]
		p.i += end + 2
		return v, true
	case c == '?':
		if p.i+1 < len(p.s) && (p.s[p.i+1] == '0' || p.s[p.i+1] == '1') {
			p.i += 2
			return p.s[p.i-2 : p.i], true
		}
	}
	return "", false
}

func (p *sfParser) str() (string, bool) {
	var b strings.Builder
	p.i++ // opening quote
	for !p.done() {
		c := p.s[p.i]
		p.i++
		switch {
		case c == '\\':
			if p.done() || (p.s[p.i] != '"' && p.s[p.i] != '\\') {
				return "", false
			}
			b.WriteByte(p.s[p.i])
			p.i++
		case c == '"':
			return b.String(), true
		case c < 0x20 || c > 0x7e:
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return "", false // unterminated
}

func (p *sfParser) token() string {
	start := p.i
	for !p.done() && (isTChar(p.s[p.i]) || p.s[p.i] == ':' || p.s[p.i] == '/') {
		p.i++
	}
	return p.s[start:p.i]
}

func isAlpha(c byte) bool   { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isLCAlpha(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool   { return c >= '0' && c <= '9' }

// isTChar is RFC 9110's tchar.
func isTChar(c byte) bool {
	return isAlpha(c) || isDigit(c) || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}
