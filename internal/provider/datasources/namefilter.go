package datasources

import (
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// NameFilter is the `name` and `name_prefix` filters of the data sources
// and list resources that find objects by name.
type NameFilter struct {
	Name       types.String `tfsdk:"name"`
	NamePrefix types.String `tfsdk:"name_prefix"`
}

// Names returns f; list resources' filters embedding NameFilter satisfy
// listresources.Filter with it.
func (f NameFilter) Names() NameFilter { return f }

// Match reports whether name passes both filters (each applies when set).
func (f NameFilter) Match(name string) bool {
	if v := f.Name.ValueString(); v != "" && name != v {
		return false
	}
	return strings.HasPrefix(name, f.NamePrefix.ValueString())
}
