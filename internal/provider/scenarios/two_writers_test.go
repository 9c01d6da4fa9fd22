package scenarios_test

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Two workspaces apply the same configuration at the same time, and the
// create request of one of them is lost before Runpod acts on it, while the
// other's create succeeds. The first one's lookup then finds the object the
// other workspace made, which it cannot tell from its own: it must not take
// it into state (both states would own it, and destroying either would
// delete the other's). It fails naming the object; the account holds one
// object, owned by one state, and destroying the first workspace leaves it.
func TestAccTwoWriters_lostCreateRequestClaimsNothing(t *testing.T) {
	t.Parallel()
	for _, k := range kinds() {
		if strings.HasPrefix(k.name, "runpod_ssh_key") {
			continue // the account's key list: no object of its own to create
		}
		t.Run(k.name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			create := k.create[0]
			proxy := newLostRequestProxy(t, env.Fake, create.method, create.path)

			mine := proxy.CLI(t) // loses its create request
			theirs := env.CLI(t) // the other workspace, same configuration
			mine.SetConfig(k.config(t, false))
			theirs.SetConfig(k.config(t, false))
			mine.Init()
			theirs.Init()

			done := make(chan acctest.Result, 1)
			go func() { done <- mine.Run(applyArgs...) }()
			select {
			case <-proxy.held: // my create request is in flight, not yet at Runpod
			case res := <-done:
				t.Fatalf("the workspace ended before it sent its create:\n%s", res.Output())
			}
			theirs.MustRun(applyArgs...)
			proxy.drop() // now it is lost, never having reached Runpod
			res := <-done

			ids := k.apiObject(env)
			if len(ids) != 1 {
				t.Fatalf("the account holds %v, want the other workspace's one object", ids)
			}
			theirID := theirs.StateIDs(k.name)
			if len(theirID) != 1 || theirID[0] != ids[0] {
				t.Fatalf("the other workspace tracks %v, the account holds %s", theirID, ids[0])
			}
			if res.ExitCode == 0 {
				t.Fatalf("the workspace whose create was lost took the other workspace's object into state:\n%s", res.Output())
			}
			res.Says(t, "May Have Been Created", ids[0], "may be the one this apply created", "another writer",
				"does not take it into state")
			res.Lacks(t, "Adopted", "Confirmed")
			if got := mine.StateIDs(k.name); len(got) != 0 {
				t.Fatalf("the workspace whose create was lost tracks %v too", got)
			}

			// Destroying the workspace whose create was lost leaves the
			// other workspace's object alone.
			mine.MustRun("destroy", "-auto-approve", "-input=false")
			if got := k.apiObject(env); len(got) != 1 || got[0] != ids[0] {
				t.Fatalf("after destroying the other workspace the account holds %v, want %s", got, ids[0])
			}
			cleanPlan(t, theirs, "the workspace that owns the object")
		})
	}
}

// lostRequestProxy stands between one workspace's provider and the fake:
// it forwards every request, except the first create request (method and
// path), which it holds (held is closed) until release is closed, then drops
// without forwarding: a request lost before Runpod acted on it, at the
// moment the test chooses.
type lostRequestProxy struct {
	url           string
	held, release chan struct{}
	drop          func() // closes release, once
}

func newLostRequestProxy(t *testing.T, fake *runpodfake.Fake, method, path string) *lostRequestProxy {
	t.Helper()
	target, err := url.Parse(fake.URL())
	if err != nil {
		t.Fatal(err)
	}
	p := &lostRequestProxy{held: make(chan struct{}), release: make(chan struct{})}
	p.drop = sync.OnceFunc(func() { close(p.release) })
	forward := httputil.NewSingleHostReverseProxy(target)
	var taken atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method || r.URL.Path != path || !taken.CompareAndSwap(false, true) {
			forward.ServeHTTP(w, r)
			return
		}
		close(p.held)
		<-p.release
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(p.drop) // runs first: a held request never outlives the test
	p.url = srv.URL
	return p
}

// CLI is a workspace whose provider reaches the fake through the proxy.
func (p *lostRequestProxy) CLI(t *testing.T) *acctest.CLI {
	t.Helper()
	env := map[string]string{provider.EnvBaseURL: p.url, provider.EnvAPIKey: runpodfake.DefaultAPIKey}
	return acctest.NewCLI(t, acctest.FactoriesWithEnv(func(k string) string { return env[k] }))
}
