package main

import (
	"fmt"
	"strings"
)

// A difference is one finding of the probe for one object type.
type difference struct {
	Kind   string `json:"kind"`   // object type, e.g. "pod"
	Aspect string `json:"aspect"` // field, type, null-vs-absent, enum, zero, wrapper, pagination, rate-limit, status
	Path   string `json:"path,omitempty"`
	Live   string `json:"live"`
	Fake   string `json:"fake"`
}

// compareShapes reports where the live shape of kind differs from the
// fake's.
func compareShapes(kind string, live, fake *shape) []difference {
	var out []difference
	add := func(aspect, path, l, f string) {
		out = append(out, difference{Kind: kind, Aspect: aspect, Path: path, Live: l, Fake: f})
	}
	paths := map[string]bool{}
	for p := range live.types {
		paths[p] = true
	}
	for p := range fake.types {
		paths[p] = true
	}
	for _, p := range keys(paths) {
		lt, ft := live.types[p], fake.types[p]
		switch {
		case lt == nil && onlyNull(ft):
			add("null-vs-absent", p, "absent", "null")
		case ft == nil && onlyNull(lt):
			add("null-vs-absent", p, "null", "absent")
		case lt == nil:
			if parentSeen(live, p) {
				add("field", p, "absent", "present ("+typeList(ft)+")")
			}
		case ft == nil:
			if parentSeen(fake, p) {
				add("field", p, "present ("+typeList(lt)+")", "absent")
			}
		default:
			if extra := minus(lt, ft, "null"); len(extra) > 0 {
				add("type", p, typeList(lt), typeList(ft))
			} else if lt["null"] && !ft["null"] {
				add("null-vs-absent", p, "null", "never null")
			}
			if extra := minus(live.enums[p], fake.enums[p], ""); len(extra) > 0 && len(fake.enums[p]) > 0 {
				add("enum", p, strings.Join(extra, ", "), strings.Join(keys(fake.enums[p]), ", "))
			}
			if live.zeros[p] && !fake.zeros[p] && fake.nonZ[p] {
				add("zero", p, "0", "never 0")
			}
		}
	}
	return out
}

// parentSeen reports whether the shape saw the parent object of p, so that
// a field is only called missing where its object was there to carry it.
func parentSeen(s *shape, p string) bool {
	i := strings.LastIndex(p, ".")
	if i < 0 {
		return true
	}
	parent := strings.TrimSuffix(p[:i], "[]")
	t := s.types[p[:i]]
	if t == nil {
		t = s.types[parent]
	}
	return t != nil && t["object"]
}

func onlyNull(t map[string]bool) bool { return len(t) == 1 && t["null"] }

func minus(a, b map[string]bool, ignore string) []string {
	var out []string
	for _, k := range keys(a) {
		if k != ignore && !b[k] {
			out = append(out, k)
		}
	}
	return out
}

func typeList(t map[string]bool) string { return strings.Join(keys(t), "|") }

// compareHeaders reports rate-limit headers one side sends and the other
// does not, or whose windows differ.
func compareHeaders(kind string, live, fake map[string]string) []difference {
	var out []difference
	for _, h := range rateLimitHeaders {
		l, f := live[h], fake[h]
		switch {
		case (l == "") != (f == ""):
			out = append(out, difference{Kind: kind, Aspect: "rate-limit", Path: h, Live: presence(l), Fake: presence(f)})
		case windows(l) != windows(f):
			out = append(out, difference{Kind: kind, Aspect: "rate-limit", Path: h + " windows", Live: windows(l), Fake: windows(f)})
		}
	}
	return out
}

var rateLimitHeaders = []string{"RateLimit", "RateLimit-Policy", "Retry-After"}

func presence(v string) string {
	if v == "" {
		return "absent"
	}
	return "present"
}

// windows is the list of window names of a RateLimit header value
// ("minute", "hour", ...), in order.
func windows(v string) string {
	var out []string
	for _, m := range strings.Split(v, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(m), ";")
		if name != "" {
			out = append(out, strings.Trim(name, `"`))
		}
	}
	return strings.Join(out, ",")
}

// pageLikeMembers are a list answer's members other than its list that
// look like pagination.
func pageLikeMembers(top map[string]any, listKey string) []string {
	var out []string
	for _, k := range keys(top) {
		if k == listKey {
			continue
		}
		l := strings.ToLower(k)
		for _, w := range []string{"cursor", "next", "page", "token", "offset", "more", "total", "limit"} {
			if strings.Contains(l, w) {
				out = append(out, fmt.Sprintf("%s=%v", k, top[k]))
				break
			}
		}
	}
	return out
}
