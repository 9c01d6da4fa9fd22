package runpod

import (
	"fmt"
	"math"
	"net/http"
	"slices"
	"testing"
	"time"
)

// sharedServer simulates, on a manual clock, one account's rate limit shared
// by several pacers: fixed windows of quota requests, headers as the API
// sends them (r at admission, t rounded up), each answer arriving latency
// after its request left. Pacers wait through their testHookWait, which
// moves the clock to the wait's end or to the next answer, whichever comes
// first, and delivers that answer: the simulation is sequential and exact.
type sharedServer struct {
	t       *testing.T
	clk     *manualClock
	quota   int
	window  time.Duration
	latency time.Duration
	pacers  []*pacer

	pending  []simAnswer    // in order of arrival
	served   map[int64]int  // per window index
	refused  int            // 429s
	done     map[string]int // requests served, by id: each must be served once
	inflight map[*pacer]int
	retry    map[*pacer][]string // requests refused (429), to send again
	// refusedAt is when, in its window, each 429 was met.
	refusedAt []time.Duration
}

type simAnswer struct {
	p      *pacer
	id     string
	tk     paceTicket
	resp   *http.Response
	recvAt time.Time
}

func newSharedServer(t *testing.T, quota int, window, latency time.Duration, n int) *sharedServer {
	s := &sharedServer{t: t, clk: &manualClock{t: pacingStart}, quota: quota, window: window, latency: latency,
		served: map[int64]int{}, done: map[string]int{}, inflight: map[*pacer]int{}, retry: map[*pacer][]string{}}
	for range n {
		p := newPacer()
		p.now = s.clk.Now
		p.testHookWait = func(until time.Time) time.Duration {
			s.advance(until)
			return 0
		}
		s.pacers = append(s.pacers, p)
	}
	return s
}

// advance moves the clock to the first answer due by until and delivers it,
// or to until when none is.
func (s *sharedServer) advance(until time.Time) {
	if len(s.pending) > 0 && !s.pending[0].recvAt.After(until) {
		s.deliverNext()
		return
	}
	s.clk.advanceTo(until)
}

func (s *sharedServer) deliverNext() {
	a := s.pending[0]
	s.pending = s.pending[1:]
	s.clk.advanceTo(a.recvAt)
	a.p.observe(a.tk, a.resp, a.recvAt)
	s.inflight[a.p]--
	if a.resp.StatusCode == http.StatusTooManyRequests {
		// Not processed: the client sends it again.
		s.retry[a.p] = append(s.retry[a.p], a.id)
	} else {
		s.done[a.id]++
	}
}

// send admits a request of p at the clock's time, as the API would.
func (s *sharedServer) send(p *pacer, tk paceTicket, id string) {
	now := s.clk.Now()
	idx := int64(now.Sub(pacingStart) / s.window)
	status := http.StatusOK
	if s.served[idx] >= s.quota {
		status = http.StatusTooManyRequests
		s.refused++
		s.refusedAt = append(s.refusedAt, now.Sub(pacingStart))
	} else {
		s.served[idx]++
	}
	reset := pacingStart.Add(time.Duration(idx+1) * s.window)
	tsecs := max(int(math.Ceil(reset.Sub(now).Seconds())), 1)
	resp := rateLimitResponse(status, fmt.Sprintf(`"w";r=%d;t=%d`, s.quota-s.served[idx], tsecs),
		fmt.Sprintf(`"w";q=%d;w=%d`, s.quota, int(s.window.Seconds())))
	a := simAnswer{p: p, id: id, tk: tk, resp: resp, recvAt: now.Add(s.latency)}
	i, _ := slices.BinarySearchFunc(s.pending, a, func(x, y simAnswer) int {
		if x.recvAt.After(y.recvAt) {
			return 1
		}
		return -1
	})
	s.pending = slices.Insert(s.pending, i, a)
	s.inflight[p]++
}

// run sends demand requests from every pacer, at most parallel of each in
// flight (Terraform's -parallelism), taking turns, until all are answered.
// A request refused (429) is sent again (a retry, at once: the pacer holds
// it back). It returns the time taken.
func (s *sharedServer) run(demand, parallel int) time.Duration {
	left := make([]int, len(s.pacers))
	for i := range left {
		left[i] = demand
	}
	for {
		progressed := false
		for i, p := range s.pacers {
			// A pacer that knows nothing yet sends its probe alone (its
			// other requests would wait for the probe's answer).
			limit := parallel
			p.mu.Lock()
			if p.mode == paceUnknown {
				limit = 1
			}
			p.mu.Unlock()
			if (left[i] == 0 && len(s.retry[p]) == 0) || s.inflight[p] >= limit {
				continue
			}
			tk, err := p.acquire(s.t.Context(), time.Hour)
			if err != nil {
				s.t.Fatal(err)
			}
			if n := len(s.retry[p]); n > 0 {
				id := s.retry[p][n-1]
				s.retry[p] = s.retry[p][:n-1]
				s.send(p, tk, id)
			} else {
				s.send(p, tk, fmt.Sprintf("%d-%d", i, left[i]))
				left[i]--
			}
			progressed = true
		}
		if !progressed {
			if len(s.pending) == 0 {
				return s.clk.Now().Sub(pacingStart)
			}
			s.deliverNext()
		}
	}
}

// Pacers sharing one account's budget, started together, each with more
// requests than the quota allows, together send no more than the quota in
// any window: no 429. Every request is served exactly once, and they still
// use the quota: within 1.3× of the least time it allows.
func TestPacersSharingABudgetKeepToTheQuota(t *testing.T) {
	for _, n := range []int{2, 6} {
		t.Run(fmt.Sprintf("%d pacers", n), func(t *testing.T) {
			s := newSharedServer(t, 30, 2*time.Second, 20*time.Millisecond, n)
			took := s.run(150, 10)
			if len(s.refusedAt) > 0 {
				t.Errorf("%d requests refused (429), the first at %v: more than the quota in a window", len(s.refusedAt), s.refusedAt[0])
			}
			if len(s.done) != n*150 {
				t.Errorf("%d requests served, want %d", len(s.done), n*150)
			}
			for id, times := range s.done {
				if times != 1 {
					t.Errorf("request %s served %d times", id, times)
				}
			}
			// n × 150 requests at 15 per second.
			bound := time.Duration(n*150) * time.Second / 15
			if took > bound*13/10 {
				t.Errorf("took %v, more than 1.3× the bound %v", took, bound)
			}
			t.Logf("%d pacers: %v for %d requests (bound %v), %d refused", n, took, n*150, bound, s.refused)
		})
	}
}

// A pacer alone is not slowed: with the budget ample it sends every request
// at once, never waiting; and spending the whole quota, it waits only for
// resets, as before.
func TestPacerAloneIsNotSlowed(t *testing.T) {
	s := newSharedServer(t, 30, 2*time.Second, 20*time.Millisecond, 1)
	var waits []time.Time
	hook := s.pacers[0].testHookWait
	s.pacers[0].testHookWait = func(until time.Time) time.Duration {
		waits = append(waits, until)
		return hook(until)
	}
	if took := s.run(10, 10); took != 2*s.latency {
		t.Errorf("10 requests took %v, want the probe's and one more round trip (%v)", took, 2*s.latency)
	}
	if len(waits) != 0 {
		t.Errorf("waited for %v with the budget ample", waits)
	}
	// 20 left in this window, 30 in each next: 80 more need three resets.
	s.run(80, 10)
	// Estimated from answers, a reset is never early and at most one
	// round trip late.
	for _, w := range waits {
		if off := w.Sub(pacingStart) % s.window; off > s.latency {
			t.Errorf("waited until %v, which is no reset", w)
		}
	}
	if s.refused != 0 {
		t.Errorf("%d refused", s.refused)
	}
}

// A process that sent little in a window others spent (a small share, one
// answer) still takes the next window as shared: it does not spend it all
// at once at the reset, when the others start theirs too.
func TestPacerSmallShareSharesTheNextWindow(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	p, waits := newUnitPacer(clk)
	const policy = `"w";q=30;w=2`
	probe := mustAcquire(t, p)
	p.observe(probe, rateLimitResponse(200, `"w";r=29;t=2`, policy), clk.Now())
	a := mustAcquire(t, p)
	// By a's answer the server had counted 20 in the window: one of them a.
	clk.advance(50 * time.Millisecond)
	p.observe(a, rateLimitResponse(200, `"w";r=10;t=2`, policy), clk.Now())
	clk.advanceTo(pacingStart.Add(2 * time.Second))
	for range 3 {
		tk := mustAcquire(t, p)
		p.observe(tk, nil, clk.Now())
	}
	// The first request of the window goes at once; its part of the
	// window (a tenth of 30) spreads the next ones over it.
	if len(*waits) != 2 || !(*waits)[0].After(pacingStart.Add(2*time.Second)) {
		t.Fatalf("waits %v, want two, spread after the reset at %v", *waits, pacingStart.Add(2*time.Second))
	}
}
