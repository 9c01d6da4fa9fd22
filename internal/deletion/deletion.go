// Package deletion is the one way resources delete a Runpod object: send the
// delete, take 404 as done, report an in-use refusal without working around
// it, and count the delete as done only when a read says the object is gone.
package deletion

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Request describes one delete.
type Request struct {
	// Kind, Name and ID name the object in messages: "template", "web", "abc".
	Kind, Name, ID string
	// Delete sends the delete; Read gets the object (a 404 means it is gone).
	Delete, Read func(context.Context) error
	// InUseRemedy, when set, makes a 400/409 refusal an in-use error with the
	// text it returns (what to do, and the blocking objects if it can name
	// them; it runs only on a refusal). When nil, every error is reported as
	// the API's refusal.
	InUseRemedy func(context.Context) string
	// StillExistsNote is added when the object can still be read after the
	// API accepted its delete (e.g. that it keeps billing).
	StillExistsNote string
}

// Run deletes and confirms, returning the diagnostics to show.
func Run(ctx context.Context, r Request) diag.Diagnostics {
	var diags diag.Diagnostics
	title := diagnostics.TitleCase(r.Kind)
	err := r.Delete(ctx)
	switch {
	case runpod.IsNotFound(err):
		tflog.Debug(ctx, r.Kind+" already gone", map[string]any{"id": r.ID})
		return diags
	case err != nil && r.InUseRemedy != nil && (runpod.IsInUse(err) || runpod.IsBadRequest(err) || runpod.IsConflict(err)):
		diags.Append(diagnostics.InUse(r.Kind, r.Name, r.ID, err, r.InUseRemedy(ctx)))
		return diags
	case err != nil:
		diags.Append(diagnostics.APIError(title+" Not Deleted", fmt.Sprintf("deleting %s %q (%s)", r.Kind, r.Name, r.ID), err))
		return diags
	}

	err = r.Read(ctx)
	switch {
	case err == nil:
		detail := fmt.Sprintf("The API accepted the delete of %s %q (%s), but it can still be read.", r.Kind, r.Name, r.ID)
		if r.StillExistsNote != "" {
			detail += " " + r.StillExistsNote
		}
		diags.AddError(title+" Still Exists", detail+" Run destroy again; if it persists, check the Runpod console.")
	case !runpod.IsNotFound(err):
		diags.Append(diagnostics.APIError("Cannot Confirm "+title+" Deletion",
			fmt.Sprintf("reading %s %s after deleting it", r.Kind, r.ID), err))
	}
	return diags
}
