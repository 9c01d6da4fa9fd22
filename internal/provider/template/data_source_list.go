package template

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListDataSource is the runpod_templates data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.List[runpod.Template, templateModel]{
		Kind:           Kind,
		TypeName:       "runpod_templates",
		Description:    "Lists every template the account owns (not the public catalog), sorted by name.",
		ItemAttributes: dataSourceAttributes,
		Convert:        fromAPI,
	}
}
