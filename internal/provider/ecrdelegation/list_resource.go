package ecrdelegation

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/listresources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// listFilter is the runpod_ecr_delegation list block's config.
type listFilter struct {
	datasources.NameFilter
	Repository types.String `tfsdk:"repository"`
}

// Matches implements listresources.Filter.
func (f listFilter) Matches(d *runpod.EcrDelegation) bool {
	return f.Repository.ValueString() == "" || d.Repository == f.Repository.ValueString()
}

// NewListResource is the runpod_ecr_delegation list resource factory.
func NewListResource() list.ListResource {
	return &listresources.List[runpod.EcrDelegation, listFilter, resourceModel]{
		Kind: Kind,
		Description: "Finds the account's ECR delegations for `terraform query`, by name and repository. Each result " +
			"is named `NAME (ID, REPOSITORY in REGION)`, or `(unnamed) (…)` for a delegation without a name. With " +
			"`include_resource`, each result is the delegation as an import reads it; `resource` is the ARN of the " +
			"repository it names, made from its account, region and repository (Runpod does not return the ARN), " +
			"so generated configuration plans to the import alone.",
		Filters: func() map[string]schema.Attribute {
			return map[string]schema.Attribute{
				"repository": schema.StringAttribute{
					MarkdownDescription: "Only delegations of the ECR repository with exactly this name, e.g. `runpod/deployment`.",
					Optional:            true,
					Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
				},
			}
		},
		Fetch: (*runpod.Client).ListDelegations,
		DisplayName: func(d *runpod.EcrDelegation) string {
			name := nameOf(d)
			if name == "" {
				name = "(unnamed)"
			}
			return fmt.Sprintf("%s (%s, %s in %s)", name, d.ID, d.Repository, d.AWSRegion)
		},
		Convert: listresources.AsImported(resourceFromAPI),
	}
}
