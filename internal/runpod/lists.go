package runpod

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
)

// Lists and their completeness.
//
// The API reference says v2 lists are whole and carry no cursor, but two
// third-party v2 clients walk pages of GET /v2/pods (API.md §15, marked
// uncertain; the field names are not published). Callers take a list as the
// whole set: a name check before a create, the duplicate guard, the list a
// refresh or a data source shows. So every list goes through listAll, which
//   - follows a cursor ("nextCursor", "cursor": sent back as ?cursor=) or a
//     next-page link ("next", "nextPage": a path or URL on the same server)
//     to the end, and
//   - refuses with ErrListIncomplete a list whose completeness it cannot
//     establish: the list member missing or not an array, "hasMore": true
//     with nothing to follow, any other member named like a page, cursor,
//     token or total, a total that disagrees with what was read, a cursor
//     that repeats, or more than maxListPages pages.

// ErrListIncomplete marks a list answer that may not be the whole set. A
// caller must not take anything as absent (free name, no duplicate, object
// gone) on its strength; errors.Is(err, ErrListIncomplete) tells it apart.
var ErrListIncomplete = errors.New("the list may be incomplete")

// maxListPages bounds a cursor walk (a server that never ends one).
const maxListPages = 1000

// Page fields listAll understands: a cursor is sent back as ?cursor=, a
// link is requested as is.
var (
	cursorFields  = []string{"nextCursor", "next_cursor", "cursor"}
	linkFields    = []string{"next", "nextPage", "next_page", "nextUrl", "next_url"}
	hasMoreFields = []string{"hasMore", "has_more", "more"}
	totalFields   = []string{"total", "totalCount", "total_count", "count"}
	// pageWords name the members that may carry pagination in some form
	// listAll does not follow.
	pageWords = []string{"cursor", "next", "page", "token", "offset", "more", "total", "limit", "remaining"}
)

// listIncompleteError says which list and why it cannot be taken whole.
type listIncompleteError struct {
	path, reason string
}

func (e *listIncompleteError) Error() string {
	return fmt.Sprintf("GET %s: %s: %s, so the provider does not take it as the whole set "+
		"(nothing is treated as absent on its strength)", e.path, ErrListIncomplete.Error(), e.reason)
}

func (e *listIncompleteError) Unwrap() error { return ErrListIncomplete }

// listAll reads every item of the list at path (its member key, e.g.
// "pods"), following pages to the end; see the comment at the top.
func listAll[T any](ctx context.Context, c *Client, path string, query url.Values, key string) ([]T, error) {
	var all []T
	seen := map[string]bool{}
	reqPath, reqQuery := path, query
	for page := 1; ; page++ {
		var raw map[string]json.RawMessage
		if err := c.do(ctx, http.MethodGet, reqPath, reqQuery, nil, &raw); err != nil {
			return nil, err
		}
		items, err := listItems[T](raw, key)
		if err != nil {
			return nil, &listIncompleteError{path: path, reason: err.Error()}
		}
		all = append(all, items...)
		next, err := nextPage(c, raw, key, path, query, len(all))
		if err != nil {
			return nil, &listIncompleteError{path: path, reason: err.Error()}
		}
		if next == nil {
			return all, nil
		}
		id := next.path + "?" + next.query.Encode()
		switch {
		case seen[id]:
			return nil, &listIncompleteError{path: path, reason: "the next page it names was already read (a cursor loop)"}
		case page >= maxListPages:
			return nil, &listIncompleteError{path: path, reason: fmt.Sprintf("it still names a next page after %d pages", maxListPages)}
		}
		seen[id] = true
		reqPath, reqQuery = next.path, next.query
	}
}

// listItems decodes the list member key of one page.
func listItems[T any](raw map[string]json.RawMessage, key string) ([]T, error) {
	v, ok := raw[key]
	if !ok {
		return nil, fmt.Errorf("the answer has no %q member", key)
	}
	if isNull(v) {
		return nil, nil
	}
	if t := bytes.TrimSpace(v); len(t) == 0 || t[0] != '[' {
		return nil, fmt.Errorf("its %q member is not an array", key)
	}
	var items []T
	if err := json.Unmarshal(v, &items); err != nil {
		return nil, fmt.Errorf("decoding its %q member: %w", key, err)
	}
	return items, nil
}

// pageRequest is the next page to ask for.
type pageRequest struct {
	path  string
	query url.Values
}

// nextPage reads the page members of one answer: the next page to request,
// nil at the end, or an error when completeness cannot be established. read
// is the number of items read so far.
func nextPage(c *Client, raw map[string]json.RawMessage, key, path string, query url.Values, read int) (*pageRequest, error) {
	var next *pageRequest
	var followed string
	for _, f := range cursorFields {
		cur, ok, err := stringMember(raw, f)
		if err != nil || !ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		q := url.Values{}
		for k, v := range query {
			q[k] = v
		}
		q.Set("cursor", cur)
		next, followed = &pageRequest{path: path, query: q}, f
		break
	}
	if next == nil {
		for _, f := range linkFields {
			link, ok, err := stringMember(raw, f)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			p, err := c.sameServerPage(link, path)
			if err != nil {
				return nil, fmt.Errorf("its %q link %s", f, err)
			}
			next, followed = p, f
			break
		}
	}
	if err := otherPageMembers(raw, key, followed, next != nil, read); err != nil {
		return nil, err
	}
	return next, nil
}

// otherPageMembers refuses what a page says that listAll does not follow.
func otherPageMembers(raw map[string]json.RawMessage, key, followed string, hasNext bool, read int) error {
	names := make([]string, 0, len(raw))
	for k := range raw {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v := raw[k]
		switch {
		case k == key || k == followed || isNull(v) || isEmptyString(v) || string(bytes.TrimSpace(v)) == "false":
			continue
		case slices.Contains(cursorFields, k) || slices.Contains(linkFields, k):
			// A second cursor or link beside the one followed: fine if it
			// is empty (handled above); otherwise ambiguous.
			return fmt.Errorf("it carries both %q and %q", followed, k)
		case slices.Contains(hasMoreFields, k):
			if !hasNext {
				return fmt.Errorf("it says %q: %s and names no next page the provider can follow", k, strings.TrimSpace(string(v)))
			}
		case slices.Contains(totalFields, k):
			var n int
			if err := json.Unmarshal(v, &n); err != nil || (!hasNext && n != read) {
				return fmt.Errorf("it says %q: %s but %d items were read", k, strings.TrimSpace(string(v)), read)
			}
		case pageLike(k):
			return fmt.Errorf("it carries %q: %s, which names a page the provider cannot follow", k, truncate(strings.TrimSpace(string(v)), 80))
		}
	}
	return nil
}

// sameServerPage turns a next-page link into a request on the client's
// server, under the list's own path.
func (c *Client) sameServerPage(link, listPath string) (*pageRequest, error) {
	u, err := url.Parse(link)
	if err != nil {
		return nil, fmt.Errorf("%q is not a URL", link)
	}
	base, err := url.Parse(c.baseURL)
	if err != nil {
		return nil, err
	}
	if u.IsAbs() && (u.Scheme != base.Scheme || u.Host != base.Host) {
		return nil, fmt.Errorf("%q points at another server", link)
	}
	p := u.EscapedPath()
	if p == "" {
		p = listPath // "?cursor=…": the same path
	} else if prefix := base.EscapedPath(); prefix != "" && strings.HasPrefix(p, prefix+"/") {
		p = strings.TrimPrefix(p, prefix)
	}
	if p != listPath {
		return nil, fmt.Errorf("%q is not a page of %s", link, listPath)
	}
	return &pageRequest{path: p, query: u.Query()}, nil
}

// stringMember reads member name as a non-empty string; ok is false when it
// is absent, null or "".
func stringMember(raw map[string]json.RawMessage, name string) (s string, ok bool, err error) {
	v, present := raw[name]
	if !present || isNull(v) {
		return "", false, nil
	}
	if err := json.Unmarshal(v, &s); err != nil {
		return "", false, fmt.Errorf("its %q member is not a string: %s", name, truncate(strings.TrimSpace(string(v)), 80))
	}
	return s, s != "", nil
}

func isNull(v json.RawMessage) bool { return string(bytes.TrimSpace(v)) == "null" }

func isEmptyString(v json.RawMessage) bool { return string(bytes.TrimSpace(v)) == `""` }

// pageLike reports whether a member's name suggests pagination.
func pageLike(name string) bool {
	l := strings.ToLower(name)
	for _, w := range pageWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}
