package datasources

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

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
