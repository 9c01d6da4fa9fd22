package ecrdelegation

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// dataSourceAttributes describes a delegation for data sources: everything
// computed except the lookup keys, which the caller overrides.
func dataSourceAttributes() map[string]schema.Attribute {
	str := datasources.String
	return map[string]schema.Attribute{
		"id":                  str("The delegation's id."),
		"name":                str("The delegation's name, or null."),
		"resource":            str("The ARN of the repository the delegation names (Runpod does not return the ARN it was registered with; this is made from its account, region and repository)."),
		"delegator_user_id":   str("The Runpod user that registered the delegation."),
		"aws_user":            str("The AWS user or role delegated, as Runpod reports it."),
		"repository":          str("The ECR repository's name."),
		"tag":                 str("The ECR image tag Runpod reports for the delegation."),
		"aws_region":          str("The repository's AWS region."),
		"docker_registry_uri": str("The repository's registry host for `docker login`, or null. An image in the repository is `DOCKER_REGISTRY_URI/REPOSITORY:TAG`."),
		"created_at":          str("When the delegation was registered (RFC 3339)."),
	}
}

// describe tells delegations that share a name apart.
func describe(d *runpod.EcrDelegation) string {
	return fmt.Sprintf("%s (repository %s in %s)", d.ID, d.Repository, d.AWSRegion)
}

// NewDataSource is the runpod_ecr_delegation data source factory.
func NewDataSource() datasource.DataSource {
	return &datasources.Lookup[runpod.EcrDelegation, delegationModel]{
		Kind:     Kind,
		TypeName: ResourceType,
		BuildSchema: func() schema.Schema {
			return schema.Schema{
				MarkdownDescription: "Reads one ECR delegation of the account, by id or by a name no other delegation " +
					"has. Runpod has no read of one delegation, so this lists them (sharing the list with refresh).\n\n" +
					pullNotes,
				Attributes: datasources.WithSharedNameLookupKeys(dataSourceAttributes(), Kind.Noun),
			}
		},
		Describe: describe,
		Convert:  datasources.Converter(viewFromAPI),
	}
}

// NewListDataSource is the runpod_ecr_delegations data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.List[runpod.EcrDelegation, delegationModel]{
		Kind:           Kind,
		TypeName:       "runpod_ecr_delegations",
		Description:    "Lists the account's ECR delegations, sorted by name (unnamed first), then id.",
		ItemAttributes: dataSourceAttributes,
		Convert:        datasources.Converter(viewFromAPI),
	}
}
