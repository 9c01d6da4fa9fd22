package runpodfake

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// List pagination, off by default.
//
// API.md §0 says v2 lists are whole and take no cursor, and that is what the
// fake serves. API.md §15 ([UNCERTAIN] pagination) reports two third-party
// v2 clients that walk pages of GET /v2/pods with a cursor, without
// publishing the field names. SetListPagination makes the fake page its
// lists in one of the shapes such an answer could take, so tests can prove
// that the client reads a paged list whole and refuses one it cannot
// follow. A cursor the fake did not mint is refused with 400.

// PageStyle is the shape of a paged list answer.
type PageStyle int

const (
	// PageCursor adds "nextCursor": "<cursor>" while items remain; the
	// next page is the same request with ?cursor=<cursor>.
	PageCursor PageStyle = iota + 1
	// PageLink adds "next": "/v2/...?cursor=<cursor>", the path and query
	// of the next page.
	PageLink
	// PageHasMore adds only "hasMore": true while items remain: nothing
	// says how to ask for the rest, so no client can read the list whole.
	PageHasMore
)

// pageFields are the members the styles add, stripped before an answer is
// checked against the spec (which has none).
var pageFields = []string{"nextCursor", "next", "hasMore"}

// ListPagination is SetListPagination's setting.
type ListPagination struct {
	Style PageStyle
	// PageSize is the number of items per page; 0 turns pagination off.
	PageSize int
	// Paths limits pagination to these list paths (e.g. "/v2/pods"); empty
	// means every list.
	Paths []string
}

// SetListPagination pages the fake's list answers (GET of a collection:
// {"<plural>": [...]}) as p says, from the next request on. The zero value
// turns it off again.
func (f *Fake) SetListPagination(p ListPagination) {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	p.Paths = slices.Clone(p.Paths)
	f.paging = p
}

func (f *Fake) pagination() ListPagination {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	return f.paging
}

// paginate cuts one page out of a list answer v when pagination applies to
// r, returning the answer to send.
func (f *Fake) paginate(r *http.Request, v any) (any, *problem) {
	p := f.pagination()
	if p.PageSize <= 0 || r.Method != http.MethodGet || (len(p.Paths) > 0 && !slices.Contains(p.Paths, r.URL.Path)) {
		return v, nil
	}
	key, items, ok := listMember(v)
	if !ok {
		return v, nil
	}
	start := 0
	if c := r.URL.Query().Get("cursor"); c != "" {
		n, ok := decodeCursor(c)
		if !ok || n > len(items) {
			return nil, badRequest("cursor %q is not a cursor this list issued", c)
		}
		start = n
	}
	end := min(start+p.PageSize, len(items))
	out := wireObject{{key, items[start:end]}}
	if end == len(items) {
		return out, nil
	}
	cursor := encodeCursor(end)
	switch p.Style {
	case PageLink:
		q := r.URL.Query()
		q.Set("cursor", cursor)
		out = append(out, wireField{"next", r.URL.Path + "?" + q.Encode()})
	case PageHasMore:
		out = append(out, wireField{"hasMore", true})
	default:
		out = append(out, wireField{"nextCursor", cursor})
	}
	return out, nil
}

// listMember reads a list answer's one member and its items.
func listMember(v any) (key string, items []json.RawMessage, ok bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", nil, false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil || len(m) != 1 {
		return "", nil, false
	}
	for k, raw := range m {
		if json.Unmarshal(raw, &items) != nil || !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("[")) {
			return "", nil, false
		}
		key = k
	}
	if items == nil {
		items = []json.RawMessage{}
	}
	return key, items, true
}

func encodeCursor(offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("offset:" + strconv.Itoa(offset)))
}

func decodeCursor(c string) (int, bool) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return 0, false
	}
	s, ok := strings.CutPrefix(string(b), "offset:")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0
}

// stripPageFields removes the members pagination adds from a list answer,
// for the spec check.
func stripPageFields(body []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return body
	}
	changed := false
	for _, k := range pageFields {
		if _, ok := m[k]; ok {
			delete(m, k)
			changed = true
		}
	}
	if !changed {
		return body
	}
	out, err := json.Marshal(m)
	if err != nil {
		return body
	}
	return out
}
