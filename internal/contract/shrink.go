package contract

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Shrink looks for a smaller scenario that still breaks the invariant class
// key: it drops one step, then one resource (with the steps about it and
// the references to it), keeping each drop that still reproduces, until a
// pass changes nothing or budget runs are spent. Each try runs in a subtest
// of t. It returns the smallest scenario found and its outcome (out when
// nothing smaller reproduced).
func Shrink(t *testing.T, out Outcome, key string, opts Options, budget int) Outcome {
	t.Helper()
	best := out
	tries := 0
	reproduces := func(sc Scenario) (Outcome, bool) {
		tries++
		var got Outcome
		t.Run(fmt.Sprintf("shrink%d", tries), func(t *testing.T) { got = Run(t, sc, opts) })
		return got, slices.ContainsFunc(got.Violations, func(v Violation) bool { return v.Key() == key })
	}
	// The steps after the first violation of the class cannot matter.
	if first := firstStep(best, key); first <= len(best.Scenario.Steps) {
		cand := best.Scenario
		cand.Steps = slices.Clone(cand.Steps[:first])
		if got, ok := reproduces(cand); ok {
			best = got
		}
	}
	// Resources no step is about, all at once.
	if cand, ok := dropUntargeted(best.Scenario); ok && tries < budget {
		if got, ok := reproduces(cand); ok {
			best = got
		}
	}
	for progress := true; progress && tries < budget; {
		progress = false
		for i := len(best.Scenario.Resources) - 1; i >= 0 && i < len(best.Scenario.Resources) && tries < budget; i-- {
			if len(best.Scenario.Resources) <= 1 {
				break
			}
			label := best.Scenario.Resources[i].Label
			cand := best.Scenario
			cand.Resources = without(cand.Resources, label)
			cand.Steps = slices.DeleteFunc(slices.Clone(cand.Steps), func(s Step) bool { return s.Target == label })
			if got, ok := reproduces(cand); ok {
				best, progress = got, true
			}
		}
		for i := len(best.Scenario.Steps) - 1; i >= 0 && i < len(best.Scenario.Steps) && tries < budget; i-- {
			cand := best.Scenario
			cand.Steps = slices.Delete(slices.Clone(cand.Steps), i, i+1)
			if got, ok := reproduces(cand); ok {
				best, progress = got, true
			}
		}
	}
	return best
}

// firstStep is the step of the first violation of class key.
func firstStep(out Outcome, key string) int {
	for _, v := range out.Violations {
		if v.Key() == key {
			return v.Step
		}
	}
	return len(out.Scenario.Steps) + 1
}

// dropUntargeted removes the resources that no step is about and no kept
// resource refers to; ok is false when there are none.
func dropUntargeted(sc Scenario) (Scenario, bool) {
	keep := map[string]bool{}
	for _, st := range sc.Steps {
		keep[st.Target] = true
	}
	for changed := true; changed; {
		changed = false
		for _, r := range sc.Resources {
			if !keep[r.Label] {
				continue
			}
			for _, dep := range []string{r.Volume, r.Template, r.RegistryRef, r.SecretRef} {
				if dep != "" && !keep[dep] {
					keep[dep], changed = true, true
				}
			}
		}
	}
	out := sc
	dropped := false
	for _, r := range sc.Resources {
		if !keep[r.Label] && len(out.Resources) > 1 {
			out.Resources = without(out.Resources, r.Label)
			dropped = true
		}
	}
	return out, dropped
}

// Report describes a violating run for a person: the seed, each violation,
// the scenario, and the minimal reproducer with the CLI output that shows
// the violation in it.
func Report(cli string, out Outcome, minimal map[string]Outcome) string {
	var b strings.Builder
	fmt.Fprintf(&b, "contract: seed %d broke %d invariant(s) with %s (re-run: make contract SEED=%d)\n",
		out.Scenario.Seed, len(out.Violations), cli, out.Scenario.Seed)
	for _, v := range out.Violations {
		b.WriteString("  - " + firstLine(v.String()) + "\n")
	}
	b.WriteString("\nthe scenario:\n" + out.Scenario.String())
	keys := make([]string, 0, len(minimal))
	for k := range minimal {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		m := minimal[k]
		fmt.Fprintf(&b, "\n=== minimal reproducer of %q ===\n%s", k, m.Scenario.String())
		for _, v := range m.Violations {
			if v.Key() == k {
				b.WriteString("what it shows: " + v.String() + "\n")
				break
			}
		}
	}
	return b.String()
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Check runs the scenario of seed in a subtest of t and, when it breaks an
// invariant, shrinks it once per class of violation (at most budget runs
// each). It returns the outcome and, when something broke, the report to
// print; failing the test is the caller's call.
func Check(t *testing.T, seed uint64, opts Options, budget int) (Outcome, string) {
	t.Helper()
	out := Outcome{Scenario: Generate(seed)}
	ran := t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) { out = Run(t, out.Scenario, opts) })
	if len(out.Violations) == 0 {
		if !ran {
			return out, fmt.Sprintf("contract: seed %d did not run to the end (its subtest failed: see its log)\n%s", seed, out.Scenario)
		}
		return out, ""
	}
	minimal := map[string]Outcome{}
	for _, v := range out.Violations {
		if _, done := minimal[v.Key()]; !done {
			minimal[v.Key()] = Shrink(t, out, v.Key(), opts, budget)
		}
	}
	return out, Report(cliName(), out, minimal)
}
