// Package deletion is the one way resources delete a Runpod object: send the
// delete, take 404 as done, report an in-use refusal without working around
// it, and count the delete as done only when a read says the object is gone
// (at once, or within a wait for objects that take a while to go).
package deletion

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// ErrGone is what Read returns for an object that can still be read but is
// gone all the same (a terminated pod reads TERMINATED for a while): Run
// takes it as it takes a 404.
var ErrGone = errors.New("gone")

// Request describes one delete.
type Request struct {
	// Kind, Name and ID name the object in messages: "template", "web", "abc".
	Kind, Name, ID string
	// Delete sends the delete; Read gets the object (a 404 or ErrGone means
	// it is gone).
	Delete, Read func(context.Context) error
	// InUseRemedy, when set, makes a 400/409 refusal an in-use error with the
	// text it returns (what to do, and the blocking objects if it can name
	// them; it runs only on a refusal). When nil, every error is reported as
	// the API's refusal.
	InUseRemedy func(context.Context) string
	// Refused, when set, words every refusal of the delete (any error but a
	// 404) in place of the in-use and "Not Deleted" errors, for objects whose
	// refusals need words of their own (a pod that belongs to a cluster).
	Refused func(err error) diag.Diagnostic
	// StillExistsNote is added when the object can still be read after the
	// API accepted its delete (e.g. that it keeps billing).
	StillExistsNote string
	// Unconfirmed, when set, words a read after the delete that failed, in
	// place of the "Cannot Confirm ... Deletion" error.
	Unconfirmed func(err error) diag.Diagnostic
	// Wait, when set, reads until the object is gone or the wait runs out,
	// instead of once.
	Wait *Wait
}

// Wait is how long, and how often, Run reads an object that takes a while to
// go (pods and clusters stop their machines first).
type Wait struct {
	// Timeout bounds the wait (the resource's timeouts.delete).
	Timeout time.Duration
	// Backoff paces the reads; the first one is at once.
	Backoff poll.Backoff
	// StillExists, when set, words the error for an object still readable
	// when the wait ended (err is the wait's context error); otherwise it is
	// the one-read error with the time waited.
	StillExists func(timeout time.Duration, err error) diag.Diagnostic
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
	case err != nil && r.Refused != nil:
		diags.Append(r.Refused(err))
		return diags
	case err != nil && r.InUseRemedy != nil && (runpod.IsInUse(err) || runpod.IsBadRequest(err) || runpod.IsConflict(err)):
		diags.Append(diagnostics.InUse(r.Kind, r.Name, r.ID, err, r.InUseRemedy(ctx)))
		return diags
	case err != nil:
		diags.Append(diagnostics.APIError(title+" Not Deleted", fmt.Sprintf("deleting %s %q (%s)", r.Kind, r.Name, r.ID), err))
		return diags
	}

	stillExists := fmt.Sprintf("The API accepted the delete of %s %q (%s), but it can still be read.", r.Kind, r.Name, r.ID)
	if r.Wait == nil {
		err = r.Read(ctx)
	} else {
		var ended bool
		ended, err = r.waitUntilGone(ctx)
		if err == nil {
			return diags
		}
		if ended {
			if r.Wait.StillExists != nil {
				diags.Append(r.Wait.StillExists(r.Wait.Timeout, err))
				return diags
			}
			stillExists = fmt.Sprintf("The API accepted the delete of %s %q (%s), but it could still be read after %s.", r.Kind, r.Name, r.ID, r.Wait.Timeout)
			err = nil
		}
	}
	switch {
	case gone(err):
	case err == nil:
		if r.StillExistsNote != "" {
			stillExists += " " + r.StillExistsNote
		}
		diags.AddError(title+" Still Exists", stillExists+" Run destroy again; if it persists, check the Runpod console.")
	case r.Unconfirmed != nil:
		diags.Append(r.Unconfirmed(err))
	default:
		diags.Append(diagnostics.APIError("Cannot Confirm "+title+" Deletion",
			fmt.Sprintf("reading %s %s after deleting it", r.Kind, r.ID), err))
	}
	return diags
}

// waitUntilGone reads within r.Wait until a read says the object is gone
// (nil), a read fails (its error) or the wait runs out (ended, with the
// wait's context error).
func (r Request) waitUntilGone(ctx context.Context) (ended bool, err error) {
	waitCtx, cancel := context.WithTimeout(ctx, r.Wait.Timeout)
	defer cancel()
	err = poll.Until(waitCtx, r.Wait.Backoff, func(waitCtx context.Context, attempt int) (bool, error) {
		err := r.Read(waitCtx)
		switch {
		case gone(err):
			return true, nil
		case err != nil && waitCtx.Err() == nil:
			return false, err
		}
		// Still readable, or the read ended with the wait: the pause
		// returns at once if the wait is over.
		tflog.Debug(waitCtx, "waiting for "+r.Kind+" to go", map[string]any{"id": r.ID, "attempt": attempt})
		return false, nil
	})
	return err != nil && waitCtx.Err() != nil && errors.Is(err, waitCtx.Err()), err
}

func gone(err error) bool { return runpod.IsNotFound(err) || errors.Is(err, ErrGone) }

// Listed is a Read for a Request that confirms the delete of the object id
// from a list of its kind, so that the confirmations of many deletes of one
// kind share a list request. list must be sent after the call that asks for
// it began, which Run makes after the delete returned (providerdata's fresh
// lists are): an object such a list lacks is gone (ErrGone). An object it
// still holds, or a list that failed, is read on its own with get, whose
// answer counts as it always did.
func Listed[T any](id string, list func(context.Context) ([]T, error), idOf func(*T) string,
	get func(context.Context) error,
) func(context.Context) error {
	return func(ctx context.Context) error {
		all, err := list(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			tflog.Debug(ctx, "listing failed; confirming the delete with the object's own read", map[string]any{"id": id, "error": err.Error()})
			return get(ctx)
		}
		for i := range all {
			if idOf(&all[i]) == id {
				return get(ctx)
			}
		}
		return ErrGone
	}
}
