package runpod

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// seedPods puts n CPU pods in the fake, in creation order.
func seedPods(fake *runpodfake.Fake, n int) []string {
	ids := make([]string, n)
	for i := range ids {
		p := fake.SeedPod(runpodfake.Pod{Name: fmt.Sprintf("p%d", i), Image: "img", CPU: &runpodfake.PodCPU{ID: "cpu3g", VCPUCount: 2}})
		ids[i] = p.ID
	}
	return ids
}

func podIDs(ps []Pod) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

// API.md §15 (pagination, uncertain): a list answer that carries a cursor
// or a next-page link is followed to the end, every page with the list's
// own query, and the whole set comes back.
func TestListFollowsPagesToTheEnd(t *testing.T) {
	for _, style := range []runpodfake.PageStyle{runpodfake.PageCursor, runpodfake.PageLink} {
		t.Run(fmt.Sprint(style), func(t *testing.T) {
			c, fake := newFakeClient(t)
			want := seedPods(fake, 7)
			fake.SetListPagination(runpodfake.ListPagination{Style: style, PageSize: 3})
			fake.ResetRequests()
			got, err := c.ListPods(t.Context(), true)
			if err != nil {
				t.Fatalf("ListPods: %v", err)
			}
			if strings.Join(podIDs(got), ",") != strings.Join(want, ",") {
				t.Fatalf("ListPods = %v, want %v", podIDs(got), want)
			}
			reqs := fake.Requests()
			if len(reqs) != 3 {
				t.Fatalf("%d requests, want 3 pages: %+v", len(reqs), reqs)
			}
			for _, r := range reqs {
				if !strings.Contains(r.RawQuery, "includeClusterPods=true") {
					t.Errorf("page request %q lost the list's query", r.RawQuery)
				}
			}
			// Every list goes the same way, not only pods.
			for i := range 4 {
				fake.SeedTemplate(runpodfake.DefaultTemplate(fmt.Sprintf("t%d", i), "img"))
			}
			tmpls, err := c.ListTemplates(t.Context())
			if err != nil || len(tmpls) != 4 {
				t.Fatalf("ListTemplates = %d, %v; want 4", len(tmpls), err)
			}
		})
	}
}

// API.md §15: a list whose completeness cannot be established is never
// taken as the whole set: the fake says there is more but not how to get
// it, and every account list fails with ErrListIncomplete instead of
// returning the first page.
func TestListIncompleteFailsSafe(t *testing.T) {
	c, fake := newFakeClient(t)
	seedPods(fake, 3)
	fake.SetListPagination(runpodfake.ListPagination{Style: runpodfake.PageHasMore, PageSize: 2})
	got, err := c.ListPods(t.Context(), false)
	if !errors.Is(err, ErrListIncomplete) || got != nil {
		t.Fatalf("ListPods = %v, %v; want ErrListIncomplete", got, err)
	}
	for _, want := range []string{"GET /v2/pods", `"hasMore": true`, "not take it as the whole set"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	// The same page of two, served whole, is taken whole.
	fake.SetListPagination(runpodfake.ListPagination{})
	if got, err := c.ListPods(t.Context(), false); err != nil || len(got) != 3 {
		t.Fatalf("unpaged ListPods = %d, %v", len(got), err)
	}
}

// Answers a server could give whose completeness the client cannot
// establish, each refused; and the ones it can, each accepted.
func TestListCompletenessRules(t *testing.T) {
	pod := `{"id":"p1","name":"a"}`
	cases := []struct {
		name, body string
		incomplete bool
	}{
		{"whole", `{"pods":[` + pod + `]}`, false},
		{"empty", `{"pods":[]}`, false},
		{"end of pages", `{"pods":[` + pod + `],"nextCursor":null,"hasMore":false}`, false},
		{"total agrees", `{"pods":[` + pod + `],"total":1}`, false},
		{"other member", `{"pods":[` + pod + `],"region":"eu"}`, false},
		{"no list member", `{"items":[` + pod + `]}`, true},
		{"list not an array", `{"pods":{"p1":{}}}`, true},
		{"has more", `{"pods":[` + pod + `],"has_more":true}`, true},
		{"total disagrees", `{"pods":[` + pod + `],"total":40}`, true},
		{"unknown cursor name", `{"pods":[` + pod + `],"pageToken":"abc"}`, true},
		{"link elsewhere", `{"pods":[` + pod + `],"next":"https://elsewhere.example/v2/pods?cursor=x"}`, true},
		{"link to another list", `{"pods":[` + pod + `],"next":"/v2/templates?cursor=x"}`, true},
		{"cursor not a string", `{"pods":[` + pod + `],"nextCursor":7}`, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(tc.body))
			})
			_, err := c.ListPods(t.Context(), false)
			if got := errors.Is(err, ErrListIncomplete); got != tc.incomplete {
				t.Fatalf("ListPods error = %v; incomplete %v, want %v", err, got, tc.incomplete)
			}
		})
	}
}

// An answer that is no list object at all is an error, never an empty list.
func TestListBareArrayIsAnError(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`[{"id":"p1"}]`))
	})
	if got, err := c.ListPods(t.Context(), false); err == nil {
		t.Fatalf("ListPods = %v, nil; want an error", got)
	}
}

// A server whose cursor never ends (or repeats) is not walked forever.
func TestListCursorLoopIsIncomplete(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"pods":[{"id":"p"}],"nextCursor":"same"}`))
	})
	_, err := c.ListPods(t.Context(), false)
	if !errors.Is(err, ErrListIncomplete) || !strings.Contains(err.Error(), "already read") {
		t.Fatalf("ListPods = %v; want a cursor loop refused", err)
	}
}
