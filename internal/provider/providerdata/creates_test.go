package providerdata

import (
	"context"
	"testing"
	"time"
)

// A guard that lists a sibling's object before the sibling's create has
// returned waits for it, then does not count it as a twin; a lookup after a
// lost reply does not wait for another lookup.
func TestSettleWaitsForSiblings(t *testing.T) {
	c := newCreates()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sibling := c.Send("pod", "web")
	listed := make(chan struct{}, 1)
	list := func(context.Context) ([]string, error) {
		select {
		case listed <- struct{}{}:
		default:
		}
		return []string{"sib"}, nil
	}
	pick := func(all []string) []string {
		var out []string
		for _, id := range all {
			if !c.Owns("pod", id) {
				out = append(out, id)
			}
		}
		return out
	}
	go func() {
		<-listed
		select { // the sibling's reply arrives after the guard listed
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
		}
		c.Own("pod", "sib")
		sibling.Done()
	}()
	_, twins, err := Settle(ctx, c, "pod", "web", false, list, pick)
	if err != nil || len(twins) != 0 {
		t.Fatalf("the sibling's object was taken for a twin: %v, %v", twins, err)
	}

	// A sibling whose create returns after the guard's pick read Owns but
	// before the guard checks for creates under way is not a twin either.
	late := c.Send("pod", "late")
	first := true
	_, twins, err = Settle(ctx, c, "pod", "late", false, func(context.Context) ([]string, error) { return []string{"lateSib"}, nil },
		func(all []string) []string {
			out := pick(all)
			if first {
				first = false
				c.Own("pod", "lateSib")
				late.Done()
			}
			return out
		})
	if err != nil || len(twins) != 0 {
		t.Fatalf("a sibling that returned between the pick and the check was taken for a twin: %v, %v", twins, err)
	}

	// Another name's creates are not waited for; a real twin is reported.
	other := c.Send("pod", "api")
	defer other.Done()
	_, twins, err = Settle(ctx, c, "pod", "web", false, func(context.Context) ([]string, error) { return []string{"orphan"}, nil }, pick)
	if err != nil || len(twins) != 1 {
		t.Fatalf("want the orphan reported at once, got %v, %v", twins, err)
	}

	// Two lookups after lost replies do not wait for each other.
	a, b := c.Send("pod", "lost"), c.Send("pod", "lost")
	a.Resolve()
	b.Resolve()
	_, twins, err = Settle(ctx, c, "pod", "lost", true, func(context.Context) ([]string, error) { return []string{"x", "y"}, nil }, pick)
	if err != nil || len(twins) != 2 {
		t.Fatalf("lookups waited for each other or lost objects: %v, %v", twins, err)
	}
	a.Done()
	b.Done()
	if q, _ := c.quiet(flightKey{"pod", "lost"}, false); !q {
		t.Error("flights still counted after Done")
	}

	// A wait ends with its context.
	stuck := c.Send("pod", "stuck")
	defer stuck.Done()
	short, cancelShort := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancelShort()
	if _, _, err := Settle(short, c, "pod", "stuck", false, func(context.Context) ([]string, error) { return []string{"z"}, nil }, pick); err == nil {
		t.Error("a wait for a create that never returns did not end with its context")
	}
}
