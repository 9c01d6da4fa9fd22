package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// A list route: its path, the member that holds the items, the object
// type, and the path of one object (with {id}) when the kind has one.
type listRoute struct {
	kind, path, key, one string
}

// routes are every list the provider reads, the catalog and billing. Only
// GET is ever sent.
var routes = []listRoute{
	{"pod", "/v2/pods?includeClusterPods=true", "pods", "/v2/pods/{id}"},
	{"template", "/v2/templates", "templates", "/v2/templates/{id}"},
	{"network volume", "/v2/network-volumes", "networkVolumes", "/v2/network-volumes/{id}"},
	{"registry credential", "/v2/registries", "registries", "/v2/registries/{id}"},
	{"ECR delegation", "/v2/registries/delegations", "delegations", ""},
	{"secret", "/v2/account/secrets", "secrets", "/v2/account/secrets/{id}"},
	{"cluster", "/v2/clusters", "clusters", "/v2/clusters/{id}"},
	{"endpoint", "/v2/serverless", "endpoints", "/v2/serverless/{id}"},
	{"GPU type", "/v2/catalog/gpus", "gpus", ""},
	{"CPU type", "/v2/catalog/cpus", "cpus", ""},
	{"data center", "/v2/catalog/datacenters", "dataCenters", ""},
	{"public template", "/v2/catalog/templates", "templates", ""},
}

// singleRoutes are answers that are one object, not a list.
var singleRoutes = []struct{ kind, path string }{
	{"SSH keys", "/v2/account/ssh-keys"},
	{"billing", "/v2/billing"},
}

// getOnly refuses every request that is not a GET before it leaves the
// process: the probe must never change the account it reads.
type getOnly struct{ next http.RoundTripper }

func (g getOnly) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method != http.MethodGet {
		return nil, fmt.Errorf("apiprobe: refusing %s %s: the probe sends only GET", r.Method, r.URL.Path)
	}
	return g.next.RoundTrip(r)
}

// server is one side of the comparison.
type server struct {
	base, key string
	client    *http.Client
}

func newServer(base, key string) *server {
	return &server{base: strings.TrimSuffix(base, "/"), key: key, client: &http.Client{Transport: getOnly{http.DefaultTransport}}}
}

// answer is one GET's result.
type answer struct {
	status int
	body   any
	header map[string]string
}

func (s *server) get(ctx context.Context, path string) (*answer, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+s.key)
	req.Header.Set("Accept", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("GET %s: reading the answer: %w", path, err)
	}
	a := &answer{status: resp.StatusCode, header: map[string]string{}}
	for _, h := range rateLimitHeaders {
		a.header[h] = resp.Header.Get(h)
	}
	if len(data) > 0 && json.Unmarshal(data, &a.body) != nil {
		a.body = string(data)
	}
	return a, nil
}

// probe sends the same GETs to live and fake and returns every difference.
func probe(ctx context.Context, live, fake *server) ([]difference, error) {
	var out []difference
	for _, r := range routes {
		d, err := probeList(ctx, r, live, fake)
		if err != nil {
			return nil, err
		}
		out = append(out, d...)
	}
	for _, r := range singleRoutes {
		la, fa, err := both(ctx, r.path, live, fake)
		if err != nil {
			return nil, err
		}
		if d := statusDiff(r.kind, r.path, la, fa); d != nil {
			out = append(out, *d)
			continue
		}
		ls, fs := newShape(), newShape()
		ls.add("", la.body)
		fs.add("", fa.body)
		out = append(out, compareShapes(r.kind, ls, fs)...)
		out = append(out, compareHeaders(r.kind, la.header, fa.header)...)
	}
	return out, nil
}

func both(ctx context.Context, path string, live, fake *server) (*answer, *answer, error) {
	la, err := live.get(ctx, path)
	if err != nil {
		return nil, nil, fmt.Errorf("live GET %s: %w", path, err)
	}
	fa, err := fake.get(ctx, path)
	if err != nil {
		return nil, nil, fmt.Errorf("fake GET %s: %w", path, err)
	}
	return la, fa, nil
}

func statusDiff(kind, path string, la, fa *answer) *difference {
	if la.status == fa.status {
		return nil
	}
	return &difference{Kind: kind, Aspect: "status", Path: "GET " + path, Live: fmt.Sprint(la.status), Fake: fmt.Sprint(fa.status)}
}

func probeList(ctx context.Context, r listRoute, live, fake *server) ([]difference, error) {
	la, fa, err := both(ctx, r.path, live, fake)
	if err != nil {
		return nil, err
	}
	if d := statusDiff(r.kind, r.path, la, fa); d != nil {
		return []difference{*d}, nil
	}
	var out []difference
	lTop, _ := la.body.(map[string]any)
	fTop, _ := fa.body.(map[string]any)
	if lTop == nil || fTop == nil {
		return []difference{{Kind: r.kind, Aspect: "wrapper", Path: "GET " + r.path, Live: jsonType(la.body), Fake: jsonType(fa.body)}}, nil
	}
	if lk, fk := strings.Join(keys(lTop), ","), strings.Join(keys(fTop), ","); lk != fk {
		out = append(out, difference{Kind: r.kind, Aspect: "wrapper", Path: "GET " + r.path, Live: "{" + lk + "}", Fake: "{" + fk + "}"})
	}
	if pages := pageLikeMembers(lTop, r.key); len(pages) > 0 {
		out = append(out, difference{Kind: r.kind, Aspect: "pagination", Path: "GET " + r.path, Live: strings.Join(pages, ", "), Fake: "none"})
	}
	out = append(out, compareHeaders(r.kind, la.header, fa.header)...)
	ls, fs := newShape(), newShape()
	lItems, _ := lTop[r.key].([]any)
	fItems, _ := fTop[r.key].([]any)
	for _, it := range lItems {
		ls.add("", it)
	}
	for _, it := range fItems {
		fs.add("", it)
	}
	if r.one != "" && len(lItems) > 0 && len(fItems) > 0 {
		if err := addOne(ctx, r, live, lItems[0], ls); err != nil {
			return nil, err
		}
		if err := addOne(ctx, r, fake, fItems[0], fs); err != nil {
			return nil, err
		}
	}
	if len(lItems) == 0 || len(fItems) == 0 {
		// Nothing to compare field by field: say so rather than report
		// every field as missing.
		if len(lItems) != len(fItems) {
			out = append(out, difference{Kind: r.kind, Aspect: "not compared", Path: "GET " + r.path,
				Live: fmt.Sprintf("%d objects", len(lItems)), Fake: fmt.Sprintf("%d objects", len(fItems))})
		}
		return out, nil
	}
	return append(out, compareShapes(r.kind, ls, fs)...), nil
}

// addOne reads the first object by id and adds it to the kind's shape.
func addOne(ctx context.Context, r listRoute, s *server, item any, sh *shape) error {
	obj, _ := item.(map[string]any)
	id, _ := obj["id"].(string)
	if id == "" {
		return nil
	}
	a, err := s.get(ctx, strings.Replace(r.one, "{id}", url.PathEscape(id), 1))
	if err != nil {
		return err
	}
	if a.status != http.StatusOK {
		return errors.New("GET " + r.one + " answered " + fmt.Sprint(a.status))
	}
	sh.add("", a.body)
	return nil
}

// aspects orders the report's sections.
var aspects = []string{"status", "wrapper", "pagination", "rate-limit", "field", "type", "null-vs-absent", "enum", "zero", "not compared"}

func sortDiffs(ds []difference) {
	slices.SortStableFunc(ds, func(a, b difference) int {
		if c := strings.Compare(a.Kind, b.Kind); c != 0 {
			return c
		}
		if c := slices.Index(aspects, a.Aspect) - slices.Index(aspects, b.Aspect); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
}
