package template

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListDataSource is the runpod_templates data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.List[runpod.Template, templateModel]{
		TypeName:             "runpod_templates",
		Description:          "Lists every template the account owns (not the public catalog), sorted by name.",
		Attribute:            "templates",
		AttributeDescription: "The account's templates.",
		ItemAttributes:       dataSourceAttributes,
		Fetch: func(ctx context.Context, reads *providerdata.Reads) ([]runpod.Template, error) {
			return reads.Templates(ctx)
		},
		ErrorSummary: "Cannot List Templates",
		ErrorDoing:   "listing templates",
		Less:         func(a, b *runpod.Template) bool { return a.Name < b.Name },
		Convert:      fromAPI,
	}
}
