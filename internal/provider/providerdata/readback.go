package providerdata

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
}

// ReadBack reads the noun with id back after a write, so that state holds
// what Runpod has rather than what was sent. When that read fails (other
// than with a 404) after a write whose reply held the object, the reply is
// returned with a "… But Not Read Back" warning instead of an error: an
// error would taint, and the next apply replace, an object that exists and
// is fine. It returns nil, with the error in diags, when there is nothing
// to store. get is the kind's read by id, e.g. client.GetTemplate; name
// reads the object's name for the warning.
func ReadBack[T any](ctx context.Context, noun, id string, written Written[T], name func(*T) string,
	get func(context.Context, string) (*T, error), diags *diag.Diagnostics,
) *T {
	o, err := get(ctx, id)
	if err != nil && written.Answer != nil && !runpod.IsNotFound(err) {
		tflog.Warn(ctx, noun+" read-back failed after a successful write; keeping the write's answer", map[string]any{"id": id})
		diags.Append(diagnostics.NotReadBack(noun, written.Verb, name(written.Answer), id, err))
		return written.Answer
	}
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Read "+diagnostics.TitleCase(noun)+" Back",
			fmt.Sprintf("reading %s %s after writing it", noun, id), err))
		return nil
	}
	return o
}
