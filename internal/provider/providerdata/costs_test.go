package providerdata

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// Equal summaries are numbered in order of use; different ones are kept.
func TestCostsSummaryNumbersOnlyRepeats(t *testing.T) {
	c := newCosts(nil, nil)
	got := []string{c.Summary(`X: "a"`), c.Summary(`X: "b"`), c.Summary(`X: "a"`), c.Summary(`X: "a"`)}
	want := []string{`X: "a"`, `X: "b"`, `X: "a" (2nd of that name in this plan)`, `X: "a" (3rd of that name in this plan)`}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("summary %d = %q, want %q", i, got[i], want[i])
		}
	}
	if s := (*Costs)(nil).Summary("Y"); s != "Y" {
		t.Errorf("nil registry changed the summary: %q", s)
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 102: "102nd"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

// Parallel callers get distinct summaries, and the limit is crossed exactly
// once when the additions run concurrently: the ledger keeps one total.
func TestCostsConcurrentAdds(t *testing.T) {
	c := newCosts(nil, nil)
	c.limit, c.hasLimit = 9.5, true
	c.running = &RunningSpend{Pods: 0.5, PodCount: 1}
	var wg sync.WaitGroup
	var mu sync.Mutex
	seen := map[string]bool{}
	var errs []string
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := c.Summary(`Pod Compute Cost: "w" at $1.00/h`)
			d := c.Add(t.Context(), fmt.Sprintf("pod %q", fmt.Sprint(i)), 1, true)
			mu.Lock()
			defer mu.Unlock()
			seen[s] = true
			if d != nil {
				errs = append(errs, d.Summary()+"\n"+d.Detail())
			}
		}()
	}
	wg.Wait()
	if len(seen) != 10 {
		t.Errorf("%d distinct summaries for 10 objects", len(seen))
	}
	// 0.5 running + 9 × 1 = 9.5 fits; the tenth crosses.
	if len(errs) != 1 {
		t.Fatalf("%d limit errors, want 1: %v", len(errs), errs)
	}
	for _, want := range []string{"Spend Limit Exceeded: $10.50 per hour above $9.50",
		"$0.50 per hour (1 running pod $0.50, 0 cluster pods $0.00, 0 serverless workers $0.00)",
		"Total: $0.50 running + $10.00 new = $10.50 per hour"} {
		if !strings.Contains(errs[0], want) {
			t.Errorf("the error lacks %q:\n%s", want, errs[0])
		}
	}
}

// Without a limit nothing is read or refused; with one, an unknown cost is
// an error and an addition of nothing never is.
func TestCostsAddRules(t *testing.T) {
	if d := newCosts(nil, nil).Add(t.Context(), `pod "x"`, 100, false); d != nil {
		t.Errorf("no limit set, got %v", d)
	}
	c := newCosts(nil, nil)
	c.limit, c.hasLimit = 1, true
	c.running = &RunningSpend{Pods: 5, PodCount: 2}
	if d := c.Add(t.Context(), `endpoint "idle"`, 0, true); d != nil {
		t.Errorf("an addition of nothing failed: %v", d)
	}
	if d := c.Add(t.Context(), `pod "later"`, 0, false); d == nil || !strings.Contains(d.Detail(), `pod "later"`) {
		t.Errorf("an unknown cost under a limit must fail naming the object, got %v", d)
	}
	u := newCosts(nil, nil)
	u.limitUnknown = true
	if d := u.Add(t.Context(), `pod "x"`, 1, true); d == nil || !strings.Contains(d.Detail(), "max_hourly_spend") {
		t.Errorf("an unknown limit must fail naming max_hourly_spend, got %v", d)
	}
}
