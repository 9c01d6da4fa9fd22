package scenarios_test

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/contract"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// The contract generator (internal/contract) draws whole workspaces and
// their life from a seed and checks the contract's invariants on the real
// CLI's output after every step. These tests run it: a fixed set of seeds in
// every CI pass, as many fresh ones as asked (make contract), and a planted
// violation that the checks must catch and the shrinker must shrink.

// fixedSeeds are the seeds every CI pass runs (about three minutes on
// Terraform): between them they draw every shape a known class of break
// needs (TestContractFixedSeedsReachTheKnownShapes), and each break of
// issue 34 that the generator reaches was put back in the provider and seen
// to fail one of them:
//   - 25: a registry credential rotated while a pod from its template
//     runs, without the plan-time refusal (invariants 1 and 4);
//   - 38: an out-of-stock pod added beside created objects, without the
//     destroy's refresh guard (destroy fails, invariant 2); a network volume
//     without type whose monthly cost is unknown at plan (invariant 3);
//   - 569: an endpoint's workers_min lowered in the console, its estimate
//     not refreshed (the plan warns of a rise its attribute does not show,
//     invariant 3);
//   - 4, 8, 12, 31: the costs of every kind, faults after the server acted,
//     a console delete followed by a sell-out.
//
// DEVELOPMENT.md says which breaks are out of the generator's reach.
var fixedSeeds = []uint64{4, 8, 12, 25, 31, 38, 569}

// shrinkBudget is how many re-runs the shrinker may spend per violation.
const shrinkBudget = 10

// freshSeedShrinkBudget is the shrinker's budget for the fresh seed of a CI
// pass (CONTRACT_SEED unset): none. A fresh seed that breaks the contract
// fails the pass at once with its seed, configuration and steps; shrinking
// it there (up to ten re-runs of a scenario per class of violation, twenty
// minutes on OpenTofu) would time the package out and hide the report.
// make contract SEED=<seed> shrinks it.
const freshSeedShrinkBudget = 0

func TestAccContract_fixedSeeds(t *testing.T) {
	requireAcceptance(t)
	for _, seed := range fixedSeeds {
		if _, report := contract.Check(t, seed, contract.Options{}, shrinkBudget); report != "" {
			t.Error(report)
		}
	}
}

// TestAccContract_seeds runs CONTRACT_N scenarios (default 1) from
// CONTRACT_SEED on (default: a fresh seed, printed).
func TestAccContract_seeds(t *testing.T) {
	requireAcceptance(t)
	seed := uint64(time.Now().UnixNano() % 1_000_000_000) //nolint:gosec // non-negative
	budget := freshSeedShrinkBudget
	if s := os.Getenv("CONTRACT_SEED"); s != "" {
		budget = shrinkBudget
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("CONTRACT_SEED=%q: want a non-negative integer", s)
		}
		seed = v
	}
	n := 1
	if s := os.Getenv("CONTRACT_N"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			t.Fatalf("CONTRACT_N=%q: want a positive integer", s)
		}
		n = v
	}
	start, broken := time.Now(), 0
	for i := range n {
		out, report := contract.Check(t, seed+uint64(i), contract.Options{}, budget) //nolint:gosec // i >= 0
		status := "ok"
		if report != "" {
			broken++
			status = fmt.Sprintf("%d violation(s)", len(out.Violations))
			// Printed whole, line by line, for make contract's filter.
			fmt.Print("contract| " + strings.ReplaceAll(strings.TrimRight(report, "\n"), "\n", "\ncontract| ") + "\n")
			t.Errorf("seed %d broke the contract: see the report printed above (lines starting contract|)", seed+uint64(i)) //nolint:gosec // i >= 0
		}
		fmt.Printf("contract: seed %d: %s in %s (%d/%d)\n", seed+uint64(i), status, out.Elapsed.Round(time.Second), i+1, n) //nolint:gosec // i >= 0
	}
	fmt.Printf("contract: %d scenario(s) from seed %d in %s, %d with violations\n", n, seed, time.Since(start).Round(time.Second), broken)
}

// A planted break the provider cannot see: after every apply, the fake
// grows a copy of each pod in state, as a create that answered once but
// ran twice would. The checks must report the object outside state and the
// object destroy left, and the shrinker must cut the scenario down to one
// pod and one apply. With checks that find nothing, this test fails.
func TestAccContract_reportsViolations(t *testing.T) {
	requireAcceptance(t)
	// The scenarios skip (inside contract.Run) on a CLI without write-only
	// arguments; skip here too, or nothing runs and nothing is reported.
	if cli := acctest.New(t).CLI(t); !cli.AtLeast(1, 11) {
		t.Skipf("the contract scenarios need write-only arguments: Terraform 1.11 or OpenTofu 1.11 and later, not %s", cli.Version())
	}
	sc := contract.Scenario{Seed: 0,
		Resources: []contract.Resource{
			{Kind: contract.Volume, Label: "vol1", Name: "data", SizeGB: 10, DataCenter: "EU-RO-1"},
			{Kind: contract.Secret, Label: "sec2", Name: "token", Version: 1},
			{Kind: contract.Pod, Label: "pod3", Name: "trainer", Image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04",
				GPU: "NVIDIA GeForce RTX 4090", GPUCount: 1, DataCenters: []string{"EU-RO-1"}},
		},
		Steps: []contract.Step{
			{Kind: contract.Apply},
			{Kind: contract.Edit, Op: "rotate", Target: "sec2"},
			{Kind: contract.Console, Op: "grow", Target: "vol1"},
		},
	}
	opts := contract.Options{NoTrace: true, Sabotage: func(f *runpodfake.Fake, state []contract.StateObject) {
		for _, o := range state {
			if p, ok := f.Pod(o.ID); ok && o.Type == "runpod_pod" {
				f.SeedPod(runpodfake.Pod{Name: p.Name, Image: p.Image, GPU: &runpodfake.PodGPU{ID: p.GPU.ID, Count: p.GPU.Count}, DataCenterID: p.DataCenterID})
			}
		}
	}}
	var out contract.Outcome
	t.Run("planted", func(t *testing.T) { out = contract.Run(t, sc, opts) })
	const orphan = "6: an object the workspace made is not in state"
	var keys []string
	for _, v := range out.Violations {
		keys = append(keys, v.Key())
	}
	if !slices.Contains(keys, orphan) || !slices.Contains(keys, "2: destroy left an object the workspace created") {
		t.Fatalf("the checks missed the planted duplicate pod; they reported %q", keys)
	}
	small := contract.Shrink(t, out, orphan, opts, 8)
	if got := small.Scenario; len(got.Resources) != 1 || got.Resources[0].Kind != contract.Pod || len(got.Steps) != 1 {
		t.Errorf("the shrinker left %d resources and %d steps, want the pod and one apply:\n%s", len(got.Resources), len(got.Steps), got)
	}
	report := contract.Report("terraform", out, map[string]contract.Outcome{orphan: small})
	for _, want := range []string{`resource "runpod_pod" "pod3"`, "minimal reproducer", "terraform destroy -auto-approve", "terraform plan -out=tfplan && terraform apply tfplan"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q:\n%s", want, report)
		}
	}
}

// The fixed seeds draw every shape a known class of break needs: plan-time
// refusals of a create (the destroy after a failed apply of issue 34), a
// console delete with the stock gone, each billable kind's cost (issue 34's
// unknown or differing cost attributes), a fault after the server acted and
// a write-only rotation.
func TestContractFixedSeedsReachTheKnownShapes(t *testing.T) {
	want := []string{"cluster cost", "console cost cut, then a plan", "console delete then no stock", "create refused beside created objects", "endpoint cost",
		"fault after the server acted", "pod cost", "volume cost", "write-only rotation"}
	seen := map[string]bool{}
	for _, seed := range fixedSeeds {
		for _, s := range contract.Shapes(contract.Generate(seed)) {
			seen[s] = true
		}
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("no fixed seed draws %q", w)
		}
	}
}

// requireAcceptance skips t without TF_ACC, as the acceptance harness does
// (make testunit runs every test once without it): the contract runs the
// real CLI.
func requireAcceptance(t *testing.T) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("Acceptance tests skipped unless env 'TF_ACC' set")
	}
}
