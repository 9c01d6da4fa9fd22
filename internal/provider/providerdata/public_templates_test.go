package providerdata

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Each source is listed once per process, however many callers ask.
func TestCatalogPublicTemplatesOncePerSource(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.URL.RawQuery]++
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"templates":[{"id":"` + r.URL.Query().Get("source") + `-1","name":"n","image":"i","args":"","disk":5,` +
			`"mounts":{},"ports":[],"env":{},"registry":null,"serverless":false,"public":true,"category":"CPU",` +
			`"startSsh":true,"startJupyter":false,"allowedCudaVersions":[]}]}`))
	}))
	t.Cleanup(srv.Close)
	client, err := runpod.New(runpod.Config{APIKey: "k", BaseURL: srv.URL, MaxRetries: -1, HTTPClient: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	cat := NewData(client).catalog
	var wg sync.WaitGroup
	for range 10 {
		for _, s := range []string{"official", "community"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got, err := cat.PublicTemplates(t.Context(), s)
				if err != nil || len(got) != 1 || got[0].ID != s+"-1" {
					t.Errorf("PublicTemplates(%s) = %+v, %v", s, got, err)
				}
			}()
		}
	}
	wg.Wait()
	if len(seen) != 2 || seen["source=official"] != 1 || seen["source=community"] != 1 {
		t.Errorf("requests by query = %v, want one per source", seen)
	}
}
