package ecrdelegation

import (
	"context"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// resourceModel is the runpod_ecr_delegation resource: a delegation and
// what only the configuration says.
type resourceModel struct {
	delegationModel
	AllowDuplicate types.Bool `tfsdk:"allow_duplicate"`
}

// resourceFromAPI is the resource's state for d: fromAPI, with what the
// configuration says kept from prior.
func resourceFromAPI(ctx context.Context, d *runpod.EcrDelegation, prior resourceModel) resourceModel {
	return resourceModel{delegationModel: fromAPI(ctx, d, prior.delegationModel), AllowDuplicate: prior.AllowDuplicate}
}

// delegationModel is a delegation in the runpod_ecr_delegation resource, and one
// delegation in the data sources.
type delegationModel struct {
	ID                types.String `tfsdk:"id"`
	Resource          types.String `tfsdk:"resource"`
	Name              types.String `tfsdk:"name"`
	DelegatorUserID   types.String `tfsdk:"delegator_user_id"`
	AWSUser           types.String `tfsdk:"aws_user"`
	Repository        types.String `tfsdk:"repository"`
	Tag               types.String `tfsdk:"tag"`
	AWSRegion         types.String `tfsdk:"aws_region"`
	DockerRegistryURI types.String `tfsdk:"docker_registry_uri"`
	CreatedAt         types.String `tfsdk:"created_at"`
}

// viewFromAPI is the one conversion from the API's delegation to Terraform:
// the data sources' and list resource's model, and the resource's through
// fromAPI.
// The API does not return the ARN a delegation was registered with, so
// `resource` is the ARN its fields name (see arnOf).
func viewFromAPI(d *runpod.EcrDelegation) delegationModel {
	return delegationModel{
		ID:                types.StringValue(d.ID),
		Resource:          types.StringPointerValue(arnOf(d)),
		Name:              types.StringPointerValue(d.Name),
		DelegatorUserID:   types.StringValue(d.DelegatorUserID),
		AWSUser:           types.StringValue(d.AWSUser),
		Repository:        types.StringValue(d.Repository),
		Tag:               types.StringValue(d.Tag),
		AWSRegion:         types.StringValue(d.AWSRegion),
		DockerRegistryURI: types.StringPointerValue(d.DockerRegistryURI),
		CreatedAt:         types.StringValue(d.CreatedAt.UTC().Format(time.RFC3339)),
	}
}

// withResource is m with the ARN the configuration or state holds, which
// names the same repository as the API's fields (see sameRepository) and is
// kept as written.
func (m delegationModel) withResource(resource types.String) delegationModel {
	if !resource.IsNull() && !resource.IsUnknown() {
		m.Resource = resource
	}
	return m
}

// accountOf is the AWS account a delegation's repository is in: the host
// of its docker_registry_uri (ACCOUNT.dkr.ecr.REGION.amazonaws.com), or,
// without one, awsUser, which the spec's examples show as that account.
func accountOf(d *runpod.EcrDelegation) string {
	if d.DockerRegistryURI != nil {
		if account, _, ok := strings.Cut(*d.DockerRegistryURI, ".dkr.ecr."); ok && account != "" {
			return account
		}
	}
	return d.AWSUser
}

// arnOf is the ARN of the repository a delegation names, or nil when its
// fields do not make a valid one.
func arnOf(d *runpod.EcrDelegation) *string {
	p := arnParts{Partition: partitionOf(d.AWSRegion), Region: d.AWSRegion, Account: accountOf(d), Repository: d.Repository}
	s := p.String()
	if _, ok := parseARN(s); !ok {
		return nil
	}
	return &s
}

// sameRepository reports whether the ARN arn names the repository of the
// delegation d: the same region, account and repository name.
func sameRepository(arn string, d *runpod.EcrDelegation) bool {
	p, ok := parseARN(arn)
	return ok && p.Region == d.AWSRegion && p.Repository == d.Repository && p.Account == accountOf(d)
}

// nameOf is a delegation's name, "" when it has none.
func nameOf(d *runpod.EcrDelegation) string {
	if d.Name == nil {
		return ""
	}
	return *d.Name
}

// fromAPI is the state of a delegation read from the API, keeping the ARN
// that prior (state or the plan) holds when it names the delegation's
// repository (Runpod does not return the ARN; see viewFromAPI).
func fromAPI(_ context.Context, d *runpod.EcrDelegation, prior delegationModel) delegationModel {
	resource := prior.Resource
	m := viewFromAPI(d)
	if !resource.IsNull() && !resource.IsUnknown() && sameRepository(resource.ValueString(), d) {
		m = m.withResource(resource)
	}
	return m
}
