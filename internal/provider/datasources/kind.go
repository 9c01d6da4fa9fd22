package datasources

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Kind is what the generic data sources and list resources know of one kind
// of object, stated once per kind and shared by its lookup data source, its
// list data source and its list resource: the noun that names it in
// messages, from which titles and plurals follow, and how to read an
// object's id and name, which order lists and find objects by name.
type Kind[API any] struct {
	// Noun names one object in messages, e.g. "network volume"; Title
	// ("Network Volume") and Plural ("network volumes") follow from it.
	Noun string
	// ID and Name read an object's id and name.
	ID, Name func(*API) string
}

// Title is the noun in title case, for diagnostic summaries.
func (k Kind[API]) Title() string { return diagnostics.TitleCase(k.Noun) }

// Plural is the noun for several objects.
func (k Kind[API]) Plural() string { return k.Noun + "s" }

// ListError is the diagnostic of a failed list of every object of the kind:
// "Cannot List Network Volumes", "listing network volumes".
func (k Kind[API]) ListError(err error) diag.Diagnostic {
	return diagnostics.APIError("Cannot List "+k.Title()+"s", "listing "+k.Plural(), err)
}

// NotFound is the error, on the attribute at p, for an id that names no
// object of the kind noun.
func NotFound(p path.Path, noun, id string) diag.Diagnostic {
	return diag.NewAttributeErrorDiagnostic(p, diagnostics.TitleCase(noun)+" Not Found",
		fmt.Sprintf("No %s with id %q exists or is visible to this API key.", noun, id))
}

// ChildrenError is the diagnostic of a failed list of the children (e.g.
// "pods") of the object of the kind with id, which the argument at p names:
// NotFound on p when no such object exists, otherwise "Cannot List Cluster
// Pods", "listing the pods of cluster <id>".
func (k Kind[API]) ChildrenError(p path.Path, children, id string, err error) diag.Diagnostic {
	if runpod.IsNotFound(err) {
		return NotFound(p, k.Noun, id)
	}
	return diagnostics.APIError("Cannot List "+k.Title()+" "+diagnostics.TitleCase(children),
		fmt.Sprintf("listing the %s of %s %s", children, k.Noun, id), err)
}

// ByNameThenID orders objects by name, then by id for objects of kinds
// whose names need not be unique, so that the order is stable.
func (k Kind[API]) ByNameThenID(a, b *API) bool {
	if na, nb := k.Name(a), k.Name(b); na != nb {
		return na < nb
	}
	return k.ID(a) < k.ID(b)
}

// WithName is the objects of all named name.
func (k Kind[API]) WithName(all []API, name string) []API {
	var matches []API
	for i := range all {
		if k.Name(&all[i]) == name {
			matches = append(matches, all[i])
		}
	}
	return matches
}

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
