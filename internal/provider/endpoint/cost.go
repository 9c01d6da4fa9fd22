package endpoint

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// planCost sets estimated_cost_per_hour and, for a create, a replacement or
// an update that raises the always-on cost, states the cost (under a
// summary no other warning of this plan has: Terraform folds equal
// summaries into one) and counts its rise against max_hourly_spend. The
// estimate is recomputed only when what it depends on changes, so a later
// price or stock change is never a diff.
func (r *endpointResource) planCost(ctx context.Context, plan, state resourceModel, creating, replacing, createHalf bool, resp *resource.ModifyPlanResponse) {
	if !creating && !replacing && plan.WorkersMin.Equal(state.WorkersMin) && !computeChanged(plan, state) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("estimated_cost_per_hour"), state.EstimatedCostPerHour)...)
		return
	}
	wp := r.workerPrice(ctx, plan)
	estimate := types.Float64Unknown()
	if v, ok := alwaysOnCost(plan, wp); ok {
		estimate = types.Float64Value(v)
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("estimated_cost_per_hour"), estimate)...)
	if createHalf || (!creating && !replacing && !activeCostRises(plan, state)) {
		return
	}
	costs := r.Data.Costs()
	costs.Warn(ctx, &resp.Diagnostics, r.costWarning(ctx, plan, state, wp, creating, replacing))
	rise := estimate.ValueFloat64()
	if !creating && !replacing && tfvalue.Known(state.EstimatedCostPerHour) {
		rise -= state.EstimatedCostPerHour.ValueFloat64()
	}
	object := fmt.Sprintf("endpoint %q (%d active worker(s))", plan.Name.ValueString(), plan.WorkersMin.ValueInt64())
	if d := costs.Add(ctx, object, rise, !estimate.IsUnknown()); d != nil {
		resp.Diagnostics.Append(d)
	}
}

// appliedEstimate is the estimate for an endpoint whose plan could not
// price it (compute known only at apply): priced now, or null.
func (r *endpointResource) appliedEstimate(ctx context.Context, m resourceModel) types.Float64 {
	if v, ok := alwaysOnCost(m, r.workerPrice(ctx, m)); ok {
		return types.Float64Value(v)
	}
	return types.Float64Null()
}

// refreshedEstimate is the estimate for the endpoint a refresh read (m),
// given the one state had: kept while the active workers and compute are
// what state had (a later price or stock change is never a diff), and
// priced again (or null when it cannot be) when they changed outside
// Terraform, so that the estimate describes the endpoint as it is and a
// plan that puts the configuration back shows, and counts, the change.
// An imported endpoint's null estimate stays null.
func (r *endpointResource) refreshedEstimate(ctx context.Context, state, m resourceModel) types.Float64 {
	if state.EstimatedCostPerHour.IsNull() || (m.WorkersMin.Equal(state.WorkersMin) && !computeChanged(m, state)) {
		return state.EstimatedCostPerHour
	}
	return r.appliedEstimate(ctx, m)
}

// alwaysOnCost is estimated_cost_per_hour: workers_min × one worker's price,
// rounded to four decimals; false when either is not known.
func alwaysOnCost(m resourceModel, wp workerCost) (float64, bool) {
	if !wp.known || !tfvalue.Known(m.WorkersMin) {
		return 0, false
	}
	return math.Round(float64(m.WorkersMin.ValueInt64())*wp.perWorker*10000) / 10000, true
}

// activeCostRises reports whether an update raises the always-on cost:
// more active workers, or more or other GPUs or CPUs for them.
func activeCostRises(plan, state resourceModel) bool {
	if !tfvalue.Known(plan.WorkersMin) || plan.WorkersMin.ValueInt64() == 0 {
		return false
	}
	return plan.WorkersMin.ValueInt64() > state.WorkersMin.ValueInt64() || computeChanged(plan, state)
}

// workerCost is what one worker of an endpoint costs per hour, from the
// catalog: for GPU endpoints at the first pool of gpu_pools with serverless
// stock (Runpod places a worker on the first listed pool with capacity),
// for CPU endpoints at the first flavour. low and high are the range over
// every pool or flavour, shown as context; priced says the range has a
// price in it.
type workerCost struct {
	known            bool
	perWorker        float64
	priced           bool
	low, high        float64
	chosen, describe string
	stock            []string
}

// widen takes the price p of one pool or flavour into the range.
func (wc *workerCost) widen(p float64) {
	if !wc.priced || p < wc.low {
		wc.low = p
	}
	if !wc.priced || p > wc.high {
		wc.high = p
	}
	wc.priced = true
}

// workerPrice prices one worker of plan's compute; known is false when the
// compute or the catalog is not known.
func (r *endpointResource) workerPrice(ctx context.Context, plan resourceModel) workerCost {
	var diags diag.Diagnostics
	if ids, ok := tfvalue.StringsIfKnown(ctx, plan.GPUPools, &diags); ok && len(ids) > 0 {
		if !tfvalue.Known(plan.GPUCount) && !plan.GPUCount.IsNull() {
			return workerCost{}
		}
		pools, err := r.serverlessPools(ctx)
		if err != nil {
			return workerCost{}
		}
		return gpuWorkerCost(ids, plan.GPUCount.ValueInt64(), pools)
	}
	cpus := cpuConfigs(ctx, plan.CPU, &diags)
	if len(cpus) == 0 {
		return workerCost{}
	}
	flavours, d := r.cpuFlavours(ctx)
	if d.HasError() {
		return workerCost{}
	}
	return cpuWorkerCost(cpus, flavours)
}

// gpuWorkerCost prices a worker of gpuCount GPUs (0 means 1) at the first
// pool of ids with serverless stock, listing every pool's stock and price
// in priority order.
func gpuWorkerCost(ids []string, gpuCount int64, pools placement.ServerlessPools) workerCost {
	var wc workerCost
	count := float64(gpuCount)
	if count == 0 {
		count = 1
	}
	for i, id := range ids {
		price, level := pools.PriceAndStock(id)
		if price > 0 {
			wc.widen(price * count)
			if placement.HasStock(level) && !wc.known {
				wc.perWorker, wc.known = price*count, true
				wc.chosen = fmt.Sprintf("%s, the first pool in gpu_pools with serverless stock", id)
			}
		}
		stock := "no serverless stock"
		if placement.HasStock(level) {
			stock = strings.ToLower(level) + " serverless stock"
		}
		wc.stock = append(wc.stock, fmt.Sprintf("%d. %s: %s, $%.2f/h per GPU", i+1, id, stock, price))
	}
	if !wc.known && wc.priced {
		// No pool has stock now: workers wait (THROTTLED) and start in
		// the first pool that gets capacity; state the first pool.
		price, _ := pools.PriceAndStock(ids[0])
		wc.perWorker, wc.known = price*count, price > 0
		wc.chosen = fmt.Sprintf("%s, the first pool in gpu_pools; no listed pool has serverless stock now", ids[0])
	}
	wc.describe = fmt.Sprintf("%d GPU(s) per worker", int(count))
	return wc
}

// cpuWorkerCost prices a worker at the first cpu block whose flavour the
// catalog prices for serverless (vCPUs × the price per vCPU).
func cpuWorkerCost(cpus []runpod.EndpointCPURequest, flavours []runpod.CPUType) workerCost {
	var wc workerCost
	for i, c := range cpus {
		f := placement.FindCPU(flavours, c.ID)
		if f == nil || f.Price.ServerlessPerVCPU == nil {
			continue
		}
		p := *f.Price.ServerlessPerVCPU * float64(c.VCPUCount)
		wc.widen(p)
		if wc.known {
			continue
		}
		wc.perWorker, wc.known = p, true
		wc.chosen = fmt.Sprintf("%s×%d, the first cpu flavour", c.ID, c.VCPUCount)
		if i > 0 {
			wc.chosen = fmt.Sprintf("%s×%d, the first cpu flavour the catalog prices", c.ID, c.VCPUCount)
		}
	}
	wc.describe = cpuText(cpus)
	return wc
}

// costSummary names the endpoint and its always-on cost, so that each
// endpoint's cost warning has its own summary.
func costSummary(plan resourceModel, wp workerCost) string {
	name := plan.Name.ValueString()
	switch {
	case !tfvalue.Known(plan.WorkersMin) || !wp.known:
		return fmt.Sprintf("%s: %q", summaryCost, name)
	case plan.WorkersMin.ValueInt64() == 0:
		return fmt.Sprintf("%s: %q, $0.00/h while idle", summaryCost, name)
	}
	return fmt.Sprintf("%s: %q at $%.2f/h always on", summaryCost, name, float64(plan.WorkersMin.ValueInt64())*wp.perWorker)
}

// summaryCost begins the summary of every endpoint cost warning.
const summaryCost = "Serverless Endpoint Cost"

// costWarning states what the endpoint will bill, from the catalog's
// serverless prices and stock: active workers around the clock, flex
// workers only while they run, at the price of the pool (or flavour) a
// worker will get, with the range over the others as context.
func (r *endpointResource) costWarning(ctx context.Context, plan, state resourceModel, wp workerCost, creating, replacing bool) diag.Diagnostic {
	if plan.GPUPools.IsNull() && len(cpuConfigs(ctx, plan.CPU, &diag.Diagnostics{})) == 0 {
		return nil
	}
	active := plan.WorkersMin.ValueInt64()
	most := plan.WorkersMax.ValueInt64()
	idle := "its idle timeout"
	if tfvalue.Known(plan.IdleTimeoutSeconds) {
		idle = fmt.Sprintf("the %d s idle timeout", plan.IdleTimeoutSeconds.ValueInt64())
	}
	rate := "an hourly price the catalog does not list"
	if wp.known {
		rate = fmt.Sprintf("$%.2f/h per worker (%s)", wp.perWorker, wp.chosen)
	}
	var b strings.Builder
	name := plan.Name.ValueString()
	switch {
	case creating:
		fmt.Fprintf(&b, "Creating endpoint %q (%s). ", name, wp.describe)
	case replacing:
		fmt.Fprintf(&b, "Replacing endpoint %q (%s): the new endpoint gets a new id and request URLs. ", name, wp.describe)
	default:
		fmt.Fprintf(&b, "Updating endpoint %q raises its always-on cost (%s). ", name, wp.describe)
	}
	if active > 0 {
		fmt.Fprintf(&b, "Active workers bill around the clock from now on: workers_min %d × %s", active, rate)
		if wp.known {
			total := float64(active) * wp.perWorker
			fmt.Fprintf(&b, " = $%.2f/h (about $%.0f a month)", total, total*730)
		}
		b.WriteString(". ")
	} else {
		b.WriteString("No active workers (workers_min 0): nothing bills while the endpoint is idle. ")
	}
	if most > active {
		fmt.Fprintf(&b, "Up to %d flex worker(s) bill only while they run jobs, per second, at %s, plus %s after each job.", most-active, rate, idle)
	}
	if wp.known && wp.high != wp.low {
		fmt.Fprintf(&b, " Across the listed compute a worker costs $%.2f-$%.2f/h; it runs elsewhere than stated only "+
			"when stock moves.", wp.low, wp.high)
	}
	b.WriteString(" Prices are Runpod's list prices from the catalog; discounts and the container disk are not included.")
	if len(wp.stock) > 0 {
		b.WriteString("\n\nGPU pools in priority order:\n  " + strings.Join(wp.stock, "\n  "))
	}
	if !creating && !replacing {
		fmt.Fprintf(&b, "\n\nBefore: workers_min %d.", state.WorkersMin.ValueInt64())
	}
	return diag.NewWarningDiagnostic(costSummary(plan, wp), b.String())
}
