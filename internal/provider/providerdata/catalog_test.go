package providerdata

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// catalogServer answers GET /v2/catalog/datacenters with one data center per
// request, numbered, so tests can tell which request an answer came from.
type catalogServer struct {
	requests atomic.Int32
	// handle, when set, runs before the answer; returning false sends 500.
	handle func(n int32, r *http.Request) bool
}

func newTestCatalog(t *testing.T, s *catalogServer) *Catalog {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := s.requests.Add(1)
		if s.handle != nil && !s.handle(n, r) {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`{"title":"Internal Server Error","status":500,"detail":"boom"}`))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"dataCenters":[{"id":"DC-` + strconv.Itoa(int(n)) + `","name":"n","region":"EUROPE",` +
			`"globalNetwork":false,"networkVolumeTypes":["STANDARD"],"compliance":[]}]}`))
	}))
	t.Cleanup(srv.Close)
	client, err := runpod.New(runpod.Config{APIKey: "k", BaseURL: srv.URL, MaxRetries: -1, HTTPClient: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	return NewData(client).catalog
}

// Fifty concurrent callers asking the same thing while it is being fetched
// share one request; later callers get the stored answer.
func TestCatalogCoalescesConcurrentReads(t *testing.T) {
	gate := make(chan struct{})
	s := &catalogServer{handle: func(int32, *http.Request) bool { <-gate; return true }}
	c := newTestCatalog(t, s)
	const callers = 50
	var waiting atomic.Int32
	c.testHookWait = func(string) {
		if waiting.Add(1) == callers-1 {
			close(gate) // everyone but the fetcher is waiting: let the one request finish
		}
	}

	var wg sync.WaitGroup
	results := make(chan string, callers)
	for range callers {
		wg.Go(func() {
			dcs, err := c.DataCenters(t.Context(), runpod.DataCenterQuery{Regions: []string{"EUROPE"}})
			if err != nil {
				t.Errorf("DataCenters: %v", err)
				return
			}
			results <- dcs[0].ID
		})
	}
	wg.Wait()
	close(results)
	for id := range results {
		if id != "DC-1" {
			t.Errorf("a caller got the answer of request %s, want the first", id)
		}
	}
	if n := s.requests.Load(); n != 1 {
		t.Fatalf("%d concurrent callers sent %d requests, want 1", callers, n)
	}

	// Stored: asking again sends nothing; a different query is a new request.
	if _, err := c.DataCenters(t.Context(), runpod.DataCenterQuery{Regions: []string{"EUROPE"}}); err != nil {
		t.Fatal(err)
	}
	if n := s.requests.Load(); n != 1 {
		t.Fatalf("a repeated query was sent again (%d requests)", n)
	}
	if _, err := c.DataCenters(t.Context(), runpod.DataCenterQuery{Regions: []string{"ASIA"}}); err != nil {
		t.Fatal(err)
	}
	gn := false
	if _, err := c.DataCenters(t.Context(), runpod.DataCenterQuery{Regions: []string{"EUROPE"}, GlobalNetwork: &gn}); err != nil {
		t.Fatal(err)
	}
	if n := s.requests.Load(); n != 3 {
		t.Fatalf("distinct queries sent %d requests, want 3", n)
	}
}

func TestCatalogDoesNotStoreErrors(t *testing.T) {
	s := &catalogServer{handle: func(n int32, _ *http.Request) bool { return n != 1 }}
	c := newTestCatalog(t, s)
	if _, err := c.AllDataCenters(t.Context()); err == nil {
		t.Fatal("the first read should fail")
	}
	dcs, err := c.AllDataCenters(t.Context())
	if err != nil || dcs[0].ID != "DC-2" {
		t.Fatalf("second read = %v, %v; want a fresh request", dcs, err)
	}
	if n := s.requests.Load(); n != 2 {
		t.Fatalf("%d requests, want 2", n)
	}
}

// Callers waiting on a failed request share its failure (they asked while it
// was in flight), but it is not stored for later callers.
func TestCatalogWaitersShareAFailure(t *testing.T) {
	gate := make(chan struct{})
	s := &catalogServer{handle: func(n int32, _ *http.Request) bool { <-gate; return n != 1 }}
	c := newTestCatalog(t, s)
	c.testHookWait = func(string) { close(gate) }

	errs := make(chan error, 2)
	for range 2 {
		go func() { _, err := c.AllDataCenters(t.Context()); errs <- err }()
	}
	for range 2 {
		if err := <-errs; err == nil {
			t.Fatal("a caller of a failed request succeeded")
		}
	}
	if _, err := c.AllDataCenters(t.Context()); err != nil {
		t.Fatalf("the failure was stored: %v", err)
	}
}

// A caller whose context ends stops waiting at once; the request it was
// waiting for is unaffected. A fetcher whose context ends does not pass the
// cancellation on to a waiter whose context is live: the waiter fetches
// again.
func TestCatalogContextCancellation(t *testing.T) {
	firstArrived := make(chan struct{})
	s := &catalogServer{handle: func(n int32, r *http.Request) bool {
		if n == 1 {
			close(firstArrived)
			<-r.Context().Done() // hold the first request until its caller gives up
		}
		return true
	}}
	c := newTestCatalog(t, s)

	fetcherCtx, cancelFetcher := context.WithCancel(t.Context())
	fetcherErr := make(chan error, 1)
	go func() { _, err := c.AllDataCenters(fetcherCtx); fetcherErr <- err }()
	<-firstArrived

	// An impatient waiter gives up on its own deadline.
	shortCtx, cancelShort := context.WithTimeout(t.Context(), 10*time.Millisecond)
	defer cancelShort()
	if _, err := c.AllDataCenters(shortCtx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("impatient waiter got %v, want its deadline", err)
	}

	// A patient waiter outlives the fetcher's cancellation.
	c.testHookWait = func(string) { cancelFetcher() }
	dcs, err := c.AllDataCenters(t.Context())
	if err != nil || dcs[0].ID != "DC-2" {
		t.Fatalf("patient waiter = %v, %v; want the answer of a second request", dcs, err)
	}
	if err := <-fetcherErr; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled fetcher got %v, want context.Canceled", err)
	}
	if n := s.requests.Load(); n != 2 {
		t.Fatalf("%d requests, want 2", n)
	}
}

func TestCatalogKeys(t *testing.T) {
	gn, gnFalse := true, false
	keys := map[string]bool{}
	for _, k := range []string{
		cacheKey("datacenters", "", runpod.DataCenterQuery{}),
		cacheKey("datacenters", "", runpod.DataCenterQuery{GlobalNetwork: &gn}),
		cacheKey("datacenters", "", runpod.DataCenterQuery{GlobalNetwork: &gnFalse}),
		cacheKey("datacenter", "EU-RO-1", runpod.DataCenterQuery{}),
		cacheKey("gpus", "", runpod.GPUTypeQuery{IncludeAvailability: true, Products: []string{"POD"}}),
		cacheKey("gpus", "", runpod.GPUTypeQuery{IncludeAvailability: true, Products: []string{"CLUSTER"}}),
		cacheKey("gpu", "NVIDIA A40", runpod.GPUTypeQuery{}),
		cacheKey("gpu", "NVIDIA A4", runpod.GPUTypeQuery{}),
	} {
		if keys[k] {
			t.Errorf("two distinct queries share the key %s", k)
		}
		keys[k] = true
	}
	other := true
	if cacheKey("datacenters", "", runpod.DataCenterQuery{GlobalNetwork: &gn}) !=
		cacheKey("datacenters", "", runpod.DataCenterQuery{GlobalNetwork: &other}) {
		t.Error("equal queries behind different pointers have different keys")
	}
}

func TestCatalogNeedsAClient(t *testing.T) {
	c, diags := Unavailable("Missing Runpod API Key", "set it").Catalog()
	if c != nil || !diags.HasError() || diags[0].Summary() != "Missing Runpod API Key" {
		t.Fatalf("Catalog() without a client = %v, %v", c, diags)
	}
}
