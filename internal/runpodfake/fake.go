package runpodfake

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"sort"
	"sync"
	"time"
)

// DefaultAPIKey is the bearer token New accepts unless WithAPIKey is given.
const DefaultAPIKey = "fake-runpod-api-key"

// Fake is an in-memory Runpod REST API v2. Create it with New (then mount
// Handler) or NewTestServer; all methods are safe for concurrent use because
// Terraform sends requests in parallel.
type Fake struct {
	cfg config

	// mu guards the account and catalog state below. Handlers hold it for
	// the whole of one request's effect so each request is atomic.
	mu    sync.Mutex
	ids   idGen
	seq   int64 // creation order, so lists are stable
	tmpls map[string]*storedTemplate
	regs  map[string]*storedRegistry
	// delegations are ECR delegations (ecr_delegations.go).
	delegations map[string]*storedDelegation
	vols        map[string]*storedVolume
	secrets     secretStore
	sshKeys     []string                  // the account's SSH public keys, as last PUT
	pods        map[string]*storedPod     // standalone and cluster member pods
	clusters    map[string]*storedCluster // instant clusters
	// endpoints are serverless endpoints; endpointStartDelay is
	// SetEndpointWorkerStartDelay (see endpoints_workers.go).
	endpoints          map[string]*storedEndpoint
	endpointStartDelay int
	compute            computeState             // pod lifecycle settings, clock, cluster billing
	users              map[ref]map[ref]struct{} // in-use references: target -> users
	catalog            *catalog
	podLogs            podLogStore // pod boot logs, see pod_logs.go
	// workerLogByName is SetEndpointWorkerLogForName.
	workerLogByName map[string]*PodLogScript

	mux     *http.ServeMux
	methods []string // methods the router knows, for 405 Allow

	// logMu guards the request log, faults, rate-limit counters and spec
	// violations; it is never held together with mu.
	logMu       sync.Mutex
	requests    []Request
	faults      []*faultState
	rate        rateLimiter
	spec        *specChecker
	specChecked int // exchanges checked, so tests can prove checking ran
	violations  []string
	paging      ListPagination // SetListPagination (pagination.go)

	srvMu sync.Mutex
	srv   *http.Server
	url   string
}

// Option configures New and NewTestServer.
type Option func(*config)

type config struct {
	apiKey        string
	violationHook func(string)
	accessLog     io.Writer
	quota         int
	quotaWindow   time.Duration
	rateClock     func() time.Time
	latency       time.Duration
}

// WithAPIKey sets the only bearer token the fake accepts.
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = key } }

// WithSpecViolationHook calls fn with every spec violation as it is found
// (the demo server logs them to stderr). Violations are recorded either way.
func WithSpecViolationHook(fn func(violation string)) Option {
	return func(c *config) { c.violationHook = fn }
}

// WithAccessLog writes one line per request ("METHOD /path?query -> status")
// to w, for the demo server's -v flag.
func WithAccessLog(w io.Writer) Option { return func(c *config) { c.accessLog = w } }

// WithQuota makes the fake enforce a quota of requests per fixed window of
// the given length (a short one, such as 2s, suits tests and benchmarks), as
// the live API enforces its minute, hour and day quotas: a request beyond it
// gets 429 with Retry-After and has no effect. The RateLimit and
// RateLimit-Policy headers then advertise this one window (see ratelimit.go
// for its name). Without WithQuota nothing is refused. A requests or window
// of zero or less leaves the quota off.
func WithQuota(requests int, window time.Duration) Option {
	return func(c *config) { c.quota, c.quotaWindow = requests, window }
}

// WithRateLimitClock sets the clock the rate-limit windows run on (default
// time.Now), so that a test can make a window pass without sleeping. It is
// separate from SetClock, which stamps objects.
func WithRateLimitClock(now func() time.Time) Option {
	return func(c *config) { c.rateClock = now }
}

// WithLatency makes every request take d longer before the fake handles
// it, to model a network round trip on loopback. A client that gives up
// meanwhile has sent nothing (the request is logged with Status 0).
func WithLatency(d time.Duration) Option { return func(c *config) { c.latency = d } }

// New returns a fake with an empty account and the default catalog.
func New(opts ...Option) *Fake {
	cfg := config{apiKey: DefaultAPIKey}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.rateClock == nil {
		cfg.rateClock = time.Now
	}
	f := &Fake{
		cfg:                cfg,
		ids:                newIDGen(),
		tmpls:              map[string]*storedTemplate{},
		regs:               map[string]*storedRegistry{},
		delegations:        map[string]*storedDelegation{},
		vols:               map[string]*storedVolume{},
		secrets:            newSecretStore(),
		pods:               map[string]*storedPod{},
		clusters:           map[string]*storedCluster{},
		endpoints:          map[string]*storedEndpoint{},
		endpointStartDelay: DefaultEndpointWorkerStartDelay,
		compute:            newComputeState(),
		users:              map[ref]map[ref]struct{}{},
		catalog:            defaultCatalog(),
		rate:               newRateLimiter(cfg),
	}
	f.seedPublicTemplates()
	f.routes()
	return f
}

// routes registers every implemented operation. Adding an API area means
// adding its handlers here (see the package doc).
func (f *Fake) routes() {
	f.mux = http.NewServeMux()
	f.templateRoutes()
	f.ecrRoutes() // before registryRoutes: see ecrRoutes
	f.registryRoutes()
	f.networkVolumeRoutes()
	f.secretRoutes()
	f.sshKeyRoutes()
	f.podRoutes()
	f.clusterRoutes()
	f.endpointRoutes()
	f.billingRoutes()
	f.catalogRoutes()
	f.methods = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
}

// apiHandler is the shape of every operation: it returns a status and a
// value to encode as JSON, or a problem. A nil value with 204 sends no body.
type apiHandler func(r *http.Request, body []byte) (int, any, *problem)

func (f *Fake) handle(pattern string, h apiHandler) {
	f.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		body, _ := r.Context().Value(bodyKey{}).([]byte)
		status, v, p := h(r, body)
		if p == nil && status == http.StatusOK {
			v, p = f.paginate(r, v)
		}
		switch {
		case p != nil:
			writeProblem(w, p)
		case status == http.StatusNoContent:
			writeNoContent(w)
		default:
			writeJSON(w, status, v)
		}
	})
}

// URL is the base URL without /v2 (http://127.0.0.1:PORT) of a server
// started by NewTestServer or Serve, or "" if there is none.
func (f *Fake) URL() string {
	f.srvMu.Lock()
	defer f.srvMu.Unlock()
	return f.url
}

// Serve serves the fake on ln until Shutdown is called; it then returns nil.
func (f *Fake) Serve(ln net.Listener) error {
	srv := &http.Server{Handler: f, ReadHeaderTimeout: 10 * time.Second}
	f.srvMu.Lock()
	if f.srv != nil {
		f.srvMu.Unlock()
		return errors.New("runpodfake: already serving")
	}
	f.srv = srv
	f.url = "http://" + ln.Addr().String()
	f.srvMu.Unlock()
	err := srv.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown stops a server started by Serve, waiting for in-flight requests
// until ctx ends.
func (f *Fake) Shutdown(ctx context.Context) error {
	f.srvMu.Lock()
	srv := f.srv
	f.srvMu.Unlock()
	if srv == nil {
		return nil
	}
	return srv.Shutdown(ctx)
}

// idGen mints opaque ids shaped like real ones ([a-z0-9]{10}). It is seeded
// identically for every Fake so a test run is reproducible, and never repeats
// within one Fake.
type idGen struct {
	rng  *rand.Rand
	used map[string]bool
}

func newIDGen() idGen {
	return idGen{rng: rand.New(rand.NewPCG(0x52554e50, 0x4f44)), used: map[string]bool{}}
}

const idAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

func (g *idGen) next() string {
	for {
		b := make([]byte, 10)
		for i := range b {
			b[i] = idAlphabet[g.rng.IntN(len(idAlphabet))]
		}
		id := string(b)
		if !g.used[id] {
			g.used[id] = true
			return id
		}
	}
}

// claim reserves a caller-chosen id; it reports false if it is taken.
func (g *idGen) claim(id string) bool {
	if g.used[id] {
		return false
	}
	g.used[id] = true
	return true
}

// ref names one object of one kind, for in-use bookkeeping.
type ref struct{ kind, id string }

const (
	kindTemplate = "template"
	kindRegistry = "registry"
	kindPod      = "pod"
	kindEndpoint = "endpoint"
)

// addUse records that user references target (a pod using a template or a
// registry credential). Deletes consult it to refuse in-use objects.
// Callers hold f.mu.
func (f *Fake) addUse(target, user ref) {
	m := f.users[target]
	if m == nil {
		m = map[ref]struct{}{}
		f.users[target] = m
	}
	m[user] = struct{}{}
}

// usersOf lists the users of target, optionally only those of some kinds,
// sorted for stable messages. Callers hold f.mu.
func (f *Fake) usersOf(target ref, kinds ...string) []ref {
	var out []ref
	for u := range f.users[target] {
		if len(kinds) == 0 || contains(kinds, u.kind) {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].kind != out[j].kind {
			return out[i].kind < out[j].kind
		}
		return out[i].id < out[j].id
	})
	return out
}

// dropUses forgets every use of target. Callers hold f.mu.
func (f *Fake) dropUses(target ref) { delete(f.users, target) }

func (f *Fake) nextSeq() int64 {
	f.seq++
	return f.seq
}
