package datasources

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// RequiredID is a required, non-empty id argument, e.g. the `cluster_id`
// of the cluster whose pods a data source lists.
func RequiredID(desc string) schema.Attribute {
	return schema.StringAttribute{
		MarkdownDescription: desc,
		Required:            true,
		Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
	}
}

// NameArgument is the optional `name` filter of a data source listing
// plural (e.g. "pods"): only the objects with exactly that name.
func NameArgument(plural string) schema.Attribute {
	return optionalNonEmpty("Only list " + plural + " with exactly this name.")
}

// NamePrefixArgument is the optional `name_prefix` filter of a data source
// listing plural: only the objects whose name starts with it.
func NamePrefixArgument(plural string) schema.Attribute {
	return optionalNonEmpty("Only list " + plural + " whose name starts with this.")
}

func optionalNonEmpty(desc string) schema.Attribute {
	return schema.StringAttribute{
		MarkdownDescription: desc,
		Optional:            true,
		Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
	}
}

// The computed attributes of data source results, each with its
// MarkdownDescription: what the data source reads, never an argument.

// String is a computed string attribute.
func String(desc string) schema.Attribute {
	return schema.StringAttribute{MarkdownDescription: desc, Computed: true}
}

// Int64 is a computed integer attribute.
func Int64(desc string) schema.Attribute {
	return schema.Int64Attribute{MarkdownDescription: desc, Computed: true}
}

// Float64 is a computed number attribute.
func Float64(desc string) schema.Attribute {
	return schema.Float64Attribute{MarkdownDescription: desc, Computed: true}
}

// Bool is a computed boolean attribute.
func Bool(desc string) schema.Attribute {
	return schema.BoolAttribute{MarkdownDescription: desc, Computed: true}
}

// Strings is a computed list of strings.
func Strings(desc string) schema.Attribute {
	return schema.ListAttribute{MarkdownDescription: desc, ElementType: types.StringType, Computed: true}
}

// StringSet is a computed set of strings.
func StringSet(desc string) schema.Attribute {
	return schema.SetAttribute{MarkdownDescription: desc, ElementType: types.StringType, Computed: true}
}

// StringMap is a computed map of strings.
func StringMap(desc string) schema.Attribute {
	return schema.MapAttribute{MarkdownDescription: desc, ElementType: types.StringType, Computed: true}
}

// Object is a computed single nested attribute with attrs.
func Object(desc string, attrs map[string]schema.Attribute) schema.Attribute {
	return schema.SingleNestedAttribute{MarkdownDescription: desc, Computed: true, Attributes: attrs}
}

// ListOf is a computed list of objects with attrs.
func ListOf(desc string, attrs map[string]schema.Attribute) schema.Attribute {
	return schema.ListNestedAttribute{
		MarkdownDescription: desc,
		Computed:            true,
		NestedObject:        schema.NestedAttributeObject{Attributes: attrs},
	}
}
