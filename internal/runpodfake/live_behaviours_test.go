package runpodfake

import (
	"net/http"
	"strings"
	"testing"
)

// The live behaviours of API.md §15, each served as the live API does.

// API.md §15: an endpoint created without timeout comes back with 0, and
// its answer has no template field even when created from a template.
func TestLiveEndpointTimeoutZeroAndNoTemplateField(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	tpl := f.SeedTemplate(Template{Name: "sls", Image: "img:1", Serverless: true})
	m := c.do("POST", "/v2/serverless", epBody(map[string]any{"templateId": tpl.ID, "image": nil})).
		wantStatus(t, http.StatusCreated).object(t)
	mustEqual(t, "timeout", m["timeout"], 0.0)
	for _, k := range []string{"template", "templateId"} {
		if _, ok := m[k]; ok {
			t.Fatalf("endpoint answer has %q: %v", k, m)
		}
	}
	read := c.do("GET", "/v2/serverless/"+m["id"].(string), nil).wantStatus(t, 200).object(t)
	mustEqual(t, "timeout read back", read["timeout"], 0.0)
	// A timeout that is sent is kept.
	m2 := c.do("POST", "/v2/serverless", epBody(map[string]any{"name": "ep2", "timeout": 600000})).
		wantStatus(t, http.StatusCreated).object(t)
	mustEqual(t, "timeout sent", m2["timeout"], 600000.0)
}

// API.md §15: templateId is applied once and never linked: the pod's
// template reads null on create, read and list, though the template's
// settings were applied.
func TestLivePodTemplateReadsNull(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	tpl := f.SeedTemplate(Template{Name: "t", Image: "from-template:1", Ports: []string{"8888/http"}, Disk: 20})
	got := c.createPod(gpuPodBody(map[string]any{"image": nil, "templateId": tpl.ID}))
	mustEqual(t, "image from template", got["image"], "from-template:1")
	mustEqual(t, "template on create", got["template"], nil)
	mustEqual(t, "template on read", c.getPod(got["id"].(string))["template"], nil)
	var list struct{ Pods []map[string]any }
	c.do("GET", "/v2/pods", nil).wantStatus(t, 200).decode(t, &list)
	mustEqual(t, "template in list", list.Pods[0]["template"], nil)
}

// API.md §15: ports has no default and omitting mounts means no persistent
// storage.
func TestLivePodNoDefaultPortsOrStorage(t *testing.T) {
	t.Parallel()
	_, c, _ := newComputeClient(t, 0, 0)
	got := c.createPod(gpuPodBody(nil))
	mustEqual(t, "ports", got["ports"], []any{})
	mustEqual(t, "mounts", got["mounts"], map[string]any{})
}

// API.md §15: mounts.network[].path is required.
func TestLivePodNetworkMountNeedsPath(t *testing.T) {
	t.Parallel()
	_, c, _ := newComputeClient(t, 0, 0)
	c.do("POST", "/v2/pods", gpuPodBody(map[string]any{
		"mounts": map[string]any{"network": []any{map[string]any{"volumeId": "abc"}}},
	})).wantProblem(t, http.StatusUnprocessableEntity, "path")
}

// API.md §15: GET /v2/pods silently ignores unknown query parameters:
// ?desiredStatus=RUNNING lists every pod, an exited one too.
func TestLivePodListIgnoresUnknownQuery(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	f.SeedPod(Pod{Name: "run", Image: "i", CPU: &PodCPU{ID: "cpu3g", VCPUCount: 2}})
	f.SeedPod(Pod{Name: "off", Image: "i", CPU: &PodCPU{ID: "cpu3g", VCPUCount: 2}, Status: PodStatusExited})
	var list struct{ Pods []map[string]any }
	c.do("GET", "/v2/pods?desiredStatus=RUNNING&bogus=1", nil).wantStatus(t, 200).decode(t, &list)
	mustEqual(t, "pods listed", len(list.Pods), 2)
}

// Lists are whole by default (API.md §0): no page member, a cursor is
// ignored. SetListPagination pages them (API.md §15, uncertain) in each
// style, and a cursor the fake did not mint is refused.
func TestListPagination(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	for _, n := range []string{"a", "b", "c"} {
		f.SeedTemplate(DefaultTemplate(n, "img"))
	}
	whole := c.do("GET", "/v2/templates?cursor=whatever", nil).wantStatus(t, 200).object(t)
	mustEqual(t, "members unpaged", len(whole), 1)
	mustEqual(t, "items unpaged", len(whole["templates"].([]any)), 3)

	f.SetListPagination(ListPagination{Style: PageCursor, PageSize: 2, Paths: []string{"/v2/templates"}})
	p1 := c.do("GET", "/v2/templates", nil).wantStatus(t, 200).object(t)
	mustEqual(t, "page 1", len(p1["templates"].([]any)), 2)
	cursor, _ := p1["nextCursor"].(string)
	p2 := c.do("GET", "/v2/templates?cursor="+cursor, nil).wantStatus(t, 200).object(t)
	mustEqual(t, "page 2", len(p2["templates"].([]any)), 1)
	if _, ok := p2["nextCursor"]; ok {
		t.Fatalf("last page has a cursor: %v", p2)
	}
	c.do("GET", "/v2/templates?cursor=bogus", nil).wantProblem(t, http.StatusBadRequest, "cursor")
	// Paths limits it.
	mustEqual(t, "other list unpaged", len(c.do("GET", "/v2/pods", nil).wantStatus(t, 200).object(t)), 1)

	f.SetListPagination(ListPagination{Style: PageLink, PageSize: 2})
	l1 := c.do("GET", "/v2/templates", nil).wantStatus(t, 200).object(t)
	next, _ := l1["next"].(string)
	if !strings.HasPrefix(next, "/v2/templates?cursor=") {
		t.Fatalf("next = %q", next)
	}
	mustEqual(t, "linked page", len(c.do("GET", next, nil).wantStatus(t, 200).object(t)["templates"].([]any)), 1)

	f.SetListPagination(ListPagination{Style: PageHasMore, PageSize: 2})
	h1 := c.do("GET", "/v2/templates", nil).wantStatus(t, 200).object(t)
	mustEqual(t, "hasMore", h1["hasMore"], true)
}
