// Package lostcreate keeps a lost create reply from buying a second billed
// object, for kinds whose names repeat in an account (endpoints, clusters).
// Two moments matter: the apply whose create failed in transit (Resolve:
// adopt the one object that appeared, or explain), and the next apply that
// a pipeline runs without reading the error (RefuseTwin: do not create
// another while a recent lookalike that this run did not create exists).
//
// Identical objects of one configuration (count, for_each) are never each
// other's twins: what this provider process created is its own
// (providerdata.Creates), and a guard or a lookup that lists a sibling's
// object before the sibling's create has returned waits for it
// (providerdata.Settle).
package lostcreate

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

// ClockSkew is how far Runpod's createdAt may run behind this machine's
// clock while still counting an object as created by a failed request.
const ClockSkew = 2 * time.Minute

// TwinWindow is how long a lookalike that this run did not create blocks a
// create: most likely the object of an earlier apply whose reply was lost.
const TwinWindow = 10 * time.Minute

// Kind describes one kind of object to this package.
type Kind[T any] struct {
	Noun         string // "endpoint"
	ResourceType string // "runpod_endpoint"
	// List returns every object of the kind in the account.
	List func(context.Context) ([]T, error)
	// Name, ID and CreatedAt read an object.
	Name      func(T) string
	ID        func(T) string
	CreatedAt func(T) time.Time
	// Same reports whether an object has the requested shape beyond its name
	// (type, compute), so that a same-name object of another shape is never
	// taken for this one.
	Same func(T) bool
	// Describe is one line about an object, after its id.
	Describe func(T) string
	// Shape names what Same compares, for messages: "type and compute".
	Shape string
}

// RefuseTwin refuses a create while an object with the requested name and
// shape that this provider process did not create (creates) is younger than
// TwinWindow. It answers nil when the create may go ahead. Lookalikes that
// same-name creates of this process still under way may have made are
// waited for, not refused (providerdata.Settle).
func RefuseTwin[T any](ctx context.Context, k Kind[T], creates *providerdata.Creates, name string) diag.Diagnostic {
	_, found, err := providerdata.Settle(ctx, creates, k.Noun, name, false, k.List, func(all []T) []T {
		var out []T
		for _, o := range all {
			if k.Name(o) == name && k.Same(o) && time.Since(k.CreatedAt(o)) < TwinWindow+ClockSkew && !creates.Owns(k.Noun, k.ID(o)) {
				out = append(out, o)
			}
		}
		return out
	})
	if err != nil {
		return diag.NewErrorDiagnostic("Cannot Check For A Recent Twin "+diagnostics.TitleCase(k.Noun), diagnostics.APIErrorDetail(
			fmt.Sprintf("listing the account's %ss to make sure an earlier apply did not already create %q", k.Noun, name), err))
	}
	if len(found) == 0 {
		return nil
	}
	return twinRefusal(k, name, found)
}

// twinRefusal is the error that refuses to create name beside found.
func twinRefusal[T any](k Kind[T], name string, found []T) diag.Diagnostic {
	twins := make([]string, len(found))
	for i, o := range found {
		twins[i] = fmt.Sprintf("  - %s, created %s", k.ID(o), k.CreatedAt(o).UTC().Format(time.RFC3339))
	}
	first := k.ID(found[0])
	return diag.NewErrorDiagnostic("Recent Identical "+diagnostics.TitleCase(k.Noun)+" Exists", fmt.Sprintf(
		"A %s named %q with the same %s was created less than %s ago and is not managed by this "+
			"configuration:\n%s\n\nIt is most likely the %s of an earlier apply whose create reply was lost, and it "+
			"may bill. The provider does not create a second one. If it is this configuration's %s, import it:\n\n"+
			"%s\n\nIf it is not, delete it in the Runpod console, wait until it is %s old, or give this %s another name.%s",
		k.Noun, name, k.Shape, TwinWindow, strings.Join(twins, "\n"), k.Noun, k.Noun,
		diagnostics.ImportHint(k.ResourceType, first), TwinWindow, k.Noun, providerdata.SiblingsNote))
}

// Resolve settles a create that failed in transit (createErr), begun at
// started and tracked by flight: the object may exist. When exactly one
// object with the requested name and shape that this process does not own
// appeared since then, it is this apply's and is returned with a warning;
// otherwise it answers nil and an error that lists the same-name objects
// with the import command. It first waits for same-name creates of this
// process still sending, so that a sibling's object is never taken for
// this create's.
func Resolve[T any](ctx context.Context, k Kind[T], creates *providerdata.Creates, flight *providerdata.Flight, name, action string,
	started time.Time, createErr error,
) (*T, diag.Diagnostic) {
	summary := diagnostics.TitleCase(k.Noun) + " May Have Been Created"
	detail := diagnostics.APIErrorDetail(action, createErr)
	flight.Resolve()
	appeared := func(o T) bool {
		return k.Name(o) == name && k.Same(o) && !k.CreatedAt(o).Before(started.Add(-ClockSkew)) && !creates.Owns(k.Noun, k.ID(o))
	}
	all, _, err := providerdata.Settle(ctx, creates, k.Noun, name, true, k.List, func(all []T) []T {
		var out []T
		for _, o := range all {
			if appeared(o) {
				out = append(out, o)
			}
		}
		return out
	})
	if err != nil {
		detail += fmt.Sprintf("\n\nListing the account's %ss to look for it failed too (%s). Check the Runpod console "+
			"for a %s named %q before applying again: it may bill until deleted, and applying again would create "+
			"another.", k.Noun, err, k.Noun, name)
		return nil, diag.NewErrorDiagnostic(summary, detail)
	}
	var same []T
	for _, o := range all {
		if k.Name(o) == name {
			same = append(same, o)
		}
	}
	if len(same) == 0 {
		detail += fmt.Sprintf("\n\nNo %s named %q exists now, so it was most likely not created; applying again is safe.", k.Noun, name)
		return nil, diag.NewErrorDiagnostic(summary, detail)
	}
	sort.Slice(same, func(i, j int) bool { return k.CreatedAt(same[i]).After(k.CreatedAt(same[j])) })
	lines := make([]string, len(same))
	var likely []T
	for i, o := range same {
		mark := ""
		if appeared(o) {
			mark = " <- created since this apply sent its request, with the same " + k.Shape
			likely = append(likely, o)
		}
		lines[i] = fmt.Sprintf("  - %s: %s, created %s%s", k.ID(o), k.Describe(o), k.CreatedAt(o).UTC().Format(time.RFC3339), mark)
	}
	if len(likely) == 1 {
		adopted := likely[0]
		return &adopted, diag.NewWarningDiagnostic(diagnostics.TitleCase(k.Noun)+" Adopted After a Lost Create Reply",
			fmt.Sprintf("%s\n\nExactly one %s named %q with the requested %s appeared since this "+
				"apply sent its request: %s. It is this apply's %s and is now in state; no second %s was created.",
				detail, k.Noun, name, k.Shape, k.ID(adopted), k.Noun, k.Noun))
	}
	importID := k.ID(same[0])
	if len(likely) > 0 {
		importID = k.ID(likely[0])
	}
	detail += fmt.Sprintf("\n\n%s names are not unique, so the provider does not adopt a %s by name. %ss named "+
		"%q now:\n%s\n\nIf one of them is the %s this apply created, import it instead of applying again (which would "+
		"create another):\n\n%s\n\nOtherwise delete it in the Runpod console: it may bill until deleted.",
		diagnostics.TitleCase(k.Noun), k.Noun, diagnostics.TitleCase(k.Noun), name, strings.Join(lines, "\n"), k.Noun,
		diagnostics.ImportHint(k.ResourceType, importID))
	return nil, diag.NewErrorDiagnostic(summary, detail)
}

// RefuseTwinAtPlan is the duplicate guard of a new object's plan: it
// refuses the create while an object with the requested name and shape
// (k.Same, on what the plan knows) younger than TwinWindow exists that no
// address of this configuration manages (providerdata.UnmanagedLookalikes):
// most likely the orphan of an earlier run whose create reply was lost or
// that was killed. shapeKnown is false when part of the shape is unknown
// until apply: then any such object of the name counts. list is the kind's
// list on the reads shared with refresh, e.g. (*providerdata.Reads).Clusters.
// The error is on the name. It answers nil when the create may go ahead.
func RefuseTwinAtPlan[T any](ctx context.Context, d *providerdata.Data, caps resource.ModifyPlanClientCapabilities, k Kind[T],
	shapeKnown bool, list func(*providerdata.Reads, context.Context) ([]T, error), name string,
) diag.Diagnostic {
	since := time.Now().Add(-TwinWindow - ClockSkew)
	found, err := providerdata.UnmanagedLookalikes(ctx, d, caps, k.Noun, list, func(o T) bool {
		return k.Name(o) == name && (!shapeKnown || k.Same(o)) && !k.CreatedAt(o).Before(since)
	}, k.ID)
	if err != nil {
		return diag.NewAttributeErrorDiagnostic(path.Root("name"), "Cannot Check For A Recent Twin "+diagnostics.TitleCase(k.Noun),
			diagnostics.APIErrorDetail(fmt.Sprintf("listing the account's %ss to make sure an earlier apply did not already create %q",
				k.Noun, name), err))
	}
	if len(found) == 0 {
		return nil
	}
	return diag.WithPath(path.Root("name"), twinRefusal(k, name, found))
}
