package kinds

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Written is a write that Runpod accepted: how messages name it
// ("Created", "Updated", "Registered") and the object its reply held, nil
// when the reply held none (or no write was sent).
type Written[T any] struct {
	Verb   string
	Answer *T
	// Unverified, when set, words the warning that goes with keeping
	// Answer after a failed read (a pod's says what its wait could not
	// verify) instead of the generic "… But Not Read Back".
	Unverified func(err error) diag.Diagnostic
}

// ReadBack reads the object with id back after a write, so that state holds
// what Runpod has rather than what was sent. When that read fails (other
// than with a 404) after a write whose reply held the object, the reply is
// returned with a "… But Not Read Back" warning instead of an error: an
// error would taint, and the next apply replace, an object that exists and
// is fine (the result is then written.Answer itself). It returns nil, with
// the error in diags, when there is nothing to store.
func (k Kind[T]) ReadBack(ctx context.Context, client *runpod.Client, id string, written Written[T], diags *diag.Diagnostics) *T {
	noun := k.Noun
	o, err := k.Get(client, ctx, id)
	if err != nil && written.Answer != nil && !runpod.IsNotFound(err) {
		tflog.Warn(ctx, noun+" read-back failed after a successful write; keeping the write's answer", map[string]any{"id": id})
		if written.Unverified != nil {
			diags.Append(written.Unverified(err))
			return written.Answer
		}
		name := k.Name(written.Answer)
		if name == "" {
			name = id // an unnamed object (an ECR delegation may have no name)
		}
		diags.Append(diagnostics.NotReadBack(noun, written.Verb, name, id, err))
		return written.Answer
	}
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Read "+diagnostics.TitleCase(noun)+" Back",
			fmt.Sprintf("reading %s %s after writing it", noun, id), err))
		return nil
	}
	return o
}
