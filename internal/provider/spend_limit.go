package provider

import (
	"math"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/float64validator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

// maxHourlySpendAttribute is the provider's spend limit setting.
func maxHourlySpendAttribute() schema.Float64Attribute {
	return schema.Float64Attribute{
		MarkdownDescription: "Spend limit in USD per hour, checked at plan time. Falls back to the `" + EnvMaxHourlySpend +
			"` environment variable; unset (the default) means no limit. When set, a plan fails if what already runs on the " +
			"account (the cost Runpod reports for every running pod, cluster members included, plus the serverless workers " +
			"that exist now at the catalog's serverless price, read once per plan) plus the hourly cost of everything the " +
			"plan creates, replaces or starts (pods, clusters, the active workers of endpoints, and an update's rise in " +
			"active-worker cost) would exceed it. The error is given on the object whose cost crosses the limit and lists " +
			"the running figure, each new cost and the total.\n\n" +
			"Only hourly compute counts: network volumes and pod volume disks bill per GB per month whatever runs, and " +
			"are not counted (their cost is in their plan warnings and `estimated_cost_per_month`). A replacement counts " +
			"its new object in full, because the old one still runs when the plan is checked. Flex serverless workers " +
			"(above `workers_min`) bill only while they run jobs and are not counted until they exist. Destroying is " +
			"never blocked, and neither is an update that does not raise the cost. When the limit is set, a new object " +
			"whose hourly cost the plan cannot tell (compute known only after apply) fails the plan, since it cannot be " +
			"checked. Must be at least 0.",
		Optional:   true,
		Validators: []validator.Float64{float64validator.AtLeast(0)},
	}
}

// withSpendLimit sets max_hourly_spend (or RUNPOD_MAX_HOURLY_SPEND) on data;
// an environment value that is not a number of at least 0 is an error
// naming the variable.
func (p *runpodProvider) withSpendLimit(data *providerdata.Data, cfg providerModel, diags *diag.Diagnostics) *providerdata.Data {
	switch {
	case cfg.MaxHourlySpend.IsUnknown():
		return data.WithSpendLimit(0, true)
	case !cfg.MaxHourlySpend.IsNull():
		v := cfg.MaxHourlySpend.ValueFloat64()
		if v < 0 {
			diags.AddAttributeError(path.Root("max_hourly_spend"), "Invalid Spend Limit",
				"max_hourly_spend must be a number of USD per hour of at least 0.")
			return nil
		}
		return data.WithSpendLimit(v, false)
	}
	raw := strings.TrimSpace(p.getenv(EnvMaxHourlySpend))
	if raw == "" {
		return data
	}
	v, err := strconv.ParseFloat(raw, 64)
	if err != nil || v < 0 || math.IsNaN(v) {
		diags.AddError("Invalid Spend Limit",
			"The "+EnvMaxHourlySpend+" environment variable is "+strconv.Quote(raw)+", which is not a spend limit: it must "+
				"be a number of USD per hour of at least 0, such as 25 or 12.5 (max_hourly_spend in the provider \"runpod\" "+
				"block takes precedence over it). Unset it for no limit.")
		return nil
	}
	return data.WithSpendLimit(v, false)
}
