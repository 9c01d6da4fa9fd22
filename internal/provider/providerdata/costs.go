package providerdata

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/pricing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Costs is what one provider process's plan has said about money: the cost
// warning summaries it gave (so that no two are equal), and, when the
// provider sets max_hourly_spend, the hourly costs the plan adds to what
// already runs on the account.
//
// Terraform folds warnings whose summary is equal into one ("and 2 more
// similar warnings elsewhere"), so a cost warning per object reaches the
// reviewer only if its summary is unique; the provider does not know the
// resource address, so identical objects are told apart here by order.
//
// Terraform plans resource instances in parallel, so every method is safe
// for concurrent use.
type Costs struct {
	client  *runpod.Client
	catalog *Catalog
	// limit is max_hourly_spend in USD per hour; hasLimit is false when
	// it is unset. limitUnknown is true when it is set to a value known
	// only after apply.
	limit        float64
	hasLimit     bool
	limitUnknown bool

	mu        sync.Mutex
	summaries map[string]int
	added     []Spend

	// running is the account's spend when the plan began, read once
	// (runningMu serialises the read; a failed read is not kept).
	runningMu sync.Mutex
	running   *RunningSpend
}

// Spend is one new hourly cost a plan adds: Object names it for the user
// (`pod "train"`), PerHour is in USD.
type Spend struct {
	Object  string
	PerHour float64
}

// RunningSpend is what the account spends per hour now, as Runpod reports
// it: the cost of each running pod (cluster members counted apart) and the
// serverless workers that exist now, priced from the catalog.
type RunningSpend struct {
	Pods, ClusterPods, Workers             float64
	PodCount, ClusterPodCount, WorkerCount int
	UnpricedWorkers                        int
}

// Total is the whole running figure in USD per hour.
func (r RunningSpend) Total() float64 { return r.Pods + r.ClusterPods + r.Workers }

// HoursPerMonth converts the monthly figures the provider shows (about
// 730 hours in a month) and is what monthly costs would be divided by.
const HoursPerMonth = 730

func newCosts(c *runpod.Client, cat *Catalog) *Costs {
	return &Costs{client: c, catalog: cat, summaries: map[string]int{}}
}

// Costs returns the process-wide cost registry (nil-safe: a nil Data has a
// registry that keeps summaries as they are and checks no limit).
func (d *Data) Costs() *Costs {
	if d == nil {
		return nil
	}
	return d.costs
}

// WithSpendLimit sets max_hourly_spend (USD per hour) on d; unknown says the
// configured value is known only after apply, which no plan can check
// against. It returns d.
func (d *Data) WithSpendLimit(limit float64, unknown bool) *Data {
	if d != nil && d.costs != nil {
		d.costs.limit, d.costs.hasLimit, d.costs.limitUnknown = limit, !unknown, unknown
	}
	return d
}

// Summary returns summary made unique within this provider process: the
// first use is summary itself, later ones add which of that name it is
// ("(2nd of that name in this plan)"). Callers put the object's name and
// price in summary, so objects that differ keep stable summaries and only
// identical ones (count = 3 with one name) are numbered.
func (c *Costs) Summary(summary string) string {
	if c == nil {
		return summary
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.summaries[summary]++
	n := c.summaries[summary]
	if n == 1 {
		return summary
	}
	return fmt.Sprintf("%s (%s of that name in this plan)", summary, ordinal(n))
}

type applyReplanKey struct{}

// PlanContext marks ctx with what the plan request says of itself, for
// Warn: a resource's ModifyPlan calls it first.
func PlanContext(ctx context.Context, caps resource.ModifyPlanClientCapabilities) context.Context {
	return context.WithValue(ctx, applyReplanKey{}, caps.DeferralAllowed)
}

// Warn adds cost warning d to diags with a unique summary (Summary), once
// per object and run: not in the plan Terraform makes again during apply
// (Terraform 1.9+ marks it with DeferralAllowed, see siblings.go; ctx from
// PlanContext), which would print the warning a second time after the plan
// that stated it, in the tense of something still to happen. OpenTofu and
// older Terraform do not mark that plan and print it twice.
func (c *Costs) Warn(ctx context.Context, diags *diag.Diagnostics, d diag.Diagnostic) {
	if d == nil {
		return
	}
	if replan, _ := ctx.Value(applyReplanKey{}).(bool); replan {
		return
	}
	diags.AddWarning(c.Summary(d.Summary()), d.Detail())
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// Limited reports whether max_hourly_spend is set.
func (c *Costs) Limited() bool { return c != nil && (c.hasLimit || c.limitUnknown) }

// Add records that the plan creates, replaces or starts object at perHour
// USD per hour (known false: the plan cannot tell what it costs), and
// returns an error diagnostic when that takes the account above
// max_hourly_spend; nil when no limit is set or the addition fits. An
// addition of nothing (an update that does not raise the cost, an endpoint
// with no active workers) is recorded but never fails the plan.
func (c *Costs) Add(ctx context.Context, object string, perHour float64, known bool) diag.Diagnostic {
	if !c.Limited() {
		return nil
	}
	if c.limitUnknown {
		return diag.NewErrorDiagnostic("Spend Limit Not Known",
			"max_hourly_spend in the provider \"runpod\" block depends on a value known only after apply, so the plan "+
				"cannot check "+object+" against it. Set it to a number (or use the RUNPOD_MAX_HOURLY_SPEND environment variable).")
	}
	if !known {
		return diag.NewErrorDiagnostic("Cost Not Known, Spend Limit Not Checked",
			fmt.Sprintf("The provider sets max_hourly_spend (%s per hour), and the plan cannot tell what %s costs per hour "+
				"(its compute is known only after apply, or Runpod's catalog lists no price for it), so it cannot check the "+
				"limit. Make the compute known at plan time (for example, apply what it depends on first with -target), or "+
				"unset max_hourly_spend for this run.", pricing.USD(c.limit), object))
	}
	running, err := c.runningSpend(ctx)
	if err != nil {
		return diag.NewErrorDiagnostic("Cannot Check the Spend Limit",
			fmt.Sprintf("The provider sets max_hourly_spend (%s per hour), and reading what already runs on the account "+
				"failed, so the plan cannot check %s against it: %s", pricing.USD(c.limit), object, err))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.added = append(c.added, Spend{Object: object, PerHour: perHour})
	var added float64
	for _, s := range c.added {
		added += s.PerHour
	}
	total := running.Total() + added
	// A cent-fraction tolerance, so that sums of rounded prices equal to
	// the limit do not fail it.
	if perHour <= 0 || total <= c.limit+1e-9 {
		return nil
	}
	return c.exceeded(object, running, total)
}

// exceeded is the plan error for the addition that takes the account above
// the limit. Callers hold c.mu.
func (c *Costs) exceeded(object string, running RunningSpend, total float64) diag.Diagnostic {
	var b strings.Builder
	fmt.Fprintf(&b, "Planning %s takes the account's hourly spend above max_hourly_spend (%s per hour).\n\n",
		object, pricing.USD(c.limit))
	fmt.Fprintf(&b, "Already running on the account, as Runpod reports it: %s per hour (%s).\n", pricing.USD(running.Total()),
		running.describe())
	b.WriteString("New hourly costs in this plan, as planned so far:\n")
	var added float64
	for _, s := range c.added {
		fmt.Fprintf(&b, "  - %s: %s per hour\n", s.Object, pricing.USD(s.PerHour))
		added += s.PerHour
	}
	fmt.Fprintf(&b, "Total: %s running + %s new = %s per hour, above the limit of %s by %s.\n\n",
		pricing.USD(running.Total()), pricing.USD(added), pricing.USD(total), pricing.USD(c.limit),
		pricing.USD(total-c.limit))
	b.WriteString("Only hourly compute counts: pods, cluster pods and serverless workers (active workers of new or changed " +
		"endpoints). Network volumes and pod volume disks bill per GB per month whatever runs and are not counted; " +
		"their monthly cost is in their own warnings and estimated_cost_per_month. A replacement counts its new object in " +
		"full, since the old one still runs when the plan is checked. Destroying is never blocked by the limit.\n\n" +
		"To go ahead, raise max_hourly_spend in the provider \"runpod\" block (or RUNPOD_MAX_HOURLY_SPEND), stop or " +
		"destroy something that runs, or plan fewer objects.")
	return diag.NewErrorDiagnostic(fmt.Sprintf("Spend Limit Exceeded: %s per hour above %s", pricing.USD(total),
		pricing.USD(c.limit)), b.String())
}

func (r RunningSpend) describe() string {
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	s := fmt.Sprintf("%s %s, %s %s, %s %s", plural(r.PodCount, "running pod", "running pods"), pricing.USD(r.Pods),
		plural(r.ClusterPodCount, "cluster pod", "cluster pods"), pricing.USD(r.ClusterPods),
		plural(r.WorkerCount, "serverless worker", "serverless workers"), pricing.USD(r.Workers))
	if r.UnpricedWorkers > 0 {
		s += fmt.Sprintf("; %s the catalog lists no price for, not counted", plural(r.UnpricedWorkers, "worker", "workers"))
	}
	return s
}

// runningSpend reads what the account spends now once per provider process:
// every pod (cluster members included) with the cost Runpod reports, and
// every serverless worker of every endpoint at the catalog's serverless
// price for its GPU type and count (CPU workers at the endpoint's first
// flavour). A failure is returned and not kept, so the next caller asks
// again.
func (c *Costs) runningSpend(ctx context.Context) (RunningSpend, error) {
	c.runningMu.Lock()
	defer c.runningMu.Unlock()
	if c.running != nil {
		return *c.running, nil
	}
	if c.client == nil {
		return RunningSpend{}, fmt.Errorf("the provider has no API client")
	}
	var out RunningSpend
	if err := c.addRunningPods(ctx, &out); err != nil {
		return out, err
	}
	if err := c.addRunningWorkers(ctx, &out); err != nil {
		return out, err
	}
	// Sums of many rounded prices: keep the figure to a hundredth of a cent.
	out.Pods, out.ClusterPods, out.Workers = round4(out.Pods), round4(out.ClusterPods), round4(out.Workers)
	c.running = &out
	return out, nil
}

// addRunningPods adds every pod that bills now at the cost Runpod reports,
// cluster members apart from standalone pods.
func (c *Costs) addRunningPods(ctx context.Context, out *RunningSpend) error {
	pods, err := c.client.ListPods(ctx, true)
	if err != nil {
		return fmt.Errorf("listing pods: %w", err)
	}
	for _, p := range pods {
		if p.Cost <= 0 {
			continue
		}
		if p.Cluster != nil {
			out.ClusterPods += p.Cost
			out.ClusterPodCount++
		} else {
			out.Pods += p.Cost
			out.PodCount++
		}
	}
	return nil
}

// addRunningWorkers adds every serverless worker that holds a machine, at
// the catalog's serverless price (Runpod reports no cost per worker); the
// catalog is read only when some worker runs.
func (c *Costs) addRunningWorkers(ctx context.Context, out *RunningSpend) error {
	endpoints, err := c.client.ListEndpoints(ctx)
	if err != nil {
		return fmt.Errorf("listing serverless endpoints: %w", err)
	}
	var gpuPrice, cpuPrice map[string]float64
	for _, e := range endpoints {
		workers, err := c.client.ListEndpointWorkers(ctx, e.ID)
		if runpod.IsNotFound(err) {
			continue // deleted meanwhile: it bills nothing
		}
		if err != nil {
			return fmt.Errorf("listing the workers of endpoint %s: %w", e.ID, err)
		}
		for _, w := range workers.Workers {
			if w.Status == "THROTTLED" {
				continue // waiting for capacity: no machine, no charge
			}
			if gpuPrice == nil {
				if gpuPrice, cpuPrice, err = c.serverlessPrices(ctx); err != nil {
					return err
				}
			}
			price, ok := workerHourlyPrice(e, w, gpuPrice, cpuPrice)
			if !ok {
				out.UnpricedWorkers++
				continue
			}
			out.Workers += price
			out.WorkerCount++
		}
	}
	return nil
}

// workerHourlyPrice prices one worker: a GPU worker by its GPU type and
// count, a CPU worker at its endpoint's first flavour (the one Runpod tries
// first); ok is false when the catalog has no price for it.
func workerHourlyPrice(e runpod.Endpoint, w runpod.Worker, gpuPrice, cpuPrice map[string]float64) (float64, bool) {
	switch {
	case w.GPUTypeID != nil:
		price, ok := gpuPrice[*w.GPUTypeID]
		return price * float64(max(w.GPUCount, 1)), ok
	case len(e.CPU) > 0:
		price, ok := cpuPrice[e.CPU[0].ID]
		return price * float64(e.CPU[0].VCPUCount), ok
	}
	return 0, false
}

// serverlessPrices are the catalog's serverless prices: per GPU-hour by GPU
// type id, and per vCPU-hour by CPU flavour id.
func (c *Costs) serverlessPrices(ctx context.Context) (map[string]float64, map[string]float64, error) {
	gpus, err := c.catalog.GPUTypes(ctx, runpod.GPUTypeQuery{})
	if err != nil {
		return nil, nil, fmt.Errorf("reading the GPU catalog to price serverless workers: %w", err)
	}
	cpus, err := c.catalog.CPUTypes(ctx, runpod.CPUTypeQuery{})
	if err != nil {
		return nil, nil, fmt.Errorf("reading the CPU catalog to price serverless workers: %w", err)
	}
	gp, cp := map[string]float64{}, map[string]float64{}
	for _, g := range gpus {
		if g.Price.Serverless != nil {
			gp[g.ID] = *g.Price.Serverless
		}
	}
	for _, f := range cpus {
		if f.Price.ServerlessPerVCPU != nil {
			cp[f.ID] = *f.Price.ServerlessPerVCPU
		}
	}
	return gp, cp, nil
}

func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }
