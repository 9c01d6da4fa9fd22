package sshkey

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// The account's SSH keys are one set that the API only replaces whole (PUT),
// with no version or compare-and-swap. A writer in another process (another
// Terraform run, a script, the console) that read the set before our PUT and
// writes after it puts back the set it read: our added key is gone, or our
// removed key is back. The provider's lock covers its own process only.
//
// So every change is verified: after the PUT, the provider waits long enough
// for any writer that had already read the old set to have written (twice
// the time our own read-and-write took, at least minSettle), then reads the
// set again. minSettle is the margin for the other writer's pause between
// its read and its write (a loaded machine can stall a process for a few
// hundred milliseconds; the CI of 2026-12-05 lost a key with 150 ms), and a
// write of our own never goes out from a read older than freshFor: it reads
// again, so that our own stall does not put back a set others have since
// changed. If the change no longer holds, it is applied again on the set
// as it is now, after a random pause so that two writers fall out of step;
// after maxAttempts it gives up with an error naming the keys. A change is
// reported done only when a read taken after the settling wait shows it.
const (
	maxAttempts = 8
	minSettle   = 500 * time.Millisecond
	maxSettle   = 10 * time.Second
	freshFor    = minSettle / 2
	maxRereads  = 3
)

// keyChange is one change of the account's key set.
type keyChange struct {
	// next computes the set to write from the set read on this attempt
	// (1-based). write false means nothing needs writing. An error refuses
	// the change (for example, a key that is already someone else's) and is
	// returned as it is.
	next func(current []string, attempt int) (next []string, write bool, err error)
	// holds reports whether a set read back shows the change in effect.
	holds func(keys []string) bool
	// tooLarge explains, naming the attribute, a set whose request body
	// (size bytes) is over Runpod's limit; refused says Runpod answered 413
	// to a body the provider counted under it.
	tooLarge func(size int, refused bool) *refusal
}

// notHeldError says that the change was undone by another writer every time
// it was made.
type notHeldError struct{ attempts int }

func (e *notHeldError) Error() string {
	return fmt.Sprintf("the change was made %d times and each time another writer replaced the account's key set without it", e.attempts)
}

// apiStepError is an API failure, with what the provider was doing.
type apiStepError struct {
	action string
	err    error
}

func (e *apiStepError) Error() string { return e.action + ": " + e.err.Error() }
func (e *apiStepError) Unwrap() error { return e.err }

// changeResult is the set of keys a change ended with.
type changeResult struct {
	// keys is the last set read, which shows the change; or, when
	// unverified is set, the set Runpod returned to the write.
	keys []string
	// unverified is why the read that should have verified the change
	// failed, when the write's own reply showed the change in effect: the
	// change was made, but not checked after the settling wait.
	unverified error
}

// applyKeyChange makes ch under this process's lock and verifies it as
// described above. On success it returns the last set read, which shows the
// change. When that read fails but the write's reply (or, if nothing needed
// writing, the read before it) showed the change in effect, the change
// happened: it returns that set with unverified set instead of an error, so
// that the resource keeps in state what Runpod stored and warns, as every
// other kind does when only the read after a successful write fails. On an
// error it returns the last set it read, if any.
func applyKeyChange(ctx context.Context, data *providerdata.Data, client *runpod.Client, ch keyChange) (changeResult, error) {
	wrote := false
	var last []string
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		if attempt > 1 {
			// Fall out of step with the other writer before trying again.
			if err := pause(ctx, jitter(minSettle)); err != nil {
				return changeResult{keys: last}, err
			}
		}
		w, err := writeOnce(ctx, data, client, ch, attempt)
		if err != nil {
			return changeResult{keys: last}, err
		}
		wrote = wrote || w.wrote
		if wrote {
			// Let a writer that read the set before our PUT land its write:
			// its read-to-write takes about as long as ours did.
			settle := min(max(2*w.took, minSettle), maxSettle)
			if err := pause(ctx, jitter(settle)); err != nil {
				return changeResult{keys: last}, err
			}
		}
		read, err := client.GetSSHKeys(ctx)
		if err != nil {
			if w.seen != nil && ch.holds(w.seen) {
				tflog.Warn(ctx, "could not read the SSH keys back after a write whose reply shows the change; keeping the reply",
					map[string]any{"attempt": attempt, "error": err.Error()})
				return changeResult{keys: w.seen, unverified: err}, nil
			}
			return changeResult{keys: last}, &apiStepError{"reading the account's SSH keys back to verify the change", err}
		}
		last = read
		if ch.holds(last) {
			return changeResult{keys: last}, nil
		}
		tflog.Warn(ctx, "another writer undid this SSH key change; applying it again", map[string]any{"attempt": attempt})
	}
	return changeResult{keys: last}, &notHeldError{attempts: maxAttempts}
}

// written is what one read-modify-write did.
type written struct {
	wrote bool          // a PUT was sent (its reply may have been lost)
	took  time.Duration // the read and write, not counting the wait for the lock
	// seen is the set as Runpod last showed it: the PUT's reply, or the
	// read when nothing needed writing; nil when the PUT's reply was lost.
	seen []string
}

// writeOnce is one read-modify-write under the process's lock.
func writeOnce(ctx context.Context, data *providerdata.Data, client *runpod.Client, ch keyChange, attempt int) (written, error) {
	unlock, err := data.LockSSHKeys(ctx)
	if err != nil {
		return written{}, err
	}
	defer unlock()
	started := time.Now()
	w, err := readModifyWrite(ctx, client, ch, attempt)
	w.took = time.Since(started)
	return w, err
}

// readModifyWrite reads the set, computes the change and writes it if
// needed, refusing a body over Runpod's limit.
func readModifyWrite(ctx context.Context, client *runpod.Client, ch keyChange, attempt int) (written, error) {
	var current, next []string
	for reread := 0; ; reread++ {
		readStarted := time.Now()
		var err error
		current, err = client.GetSSHKeys(ctx)
		if err != nil {
			return written{}, &apiStepError{"reading the account's SSH keys", err}
		}
		var write bool
		next, write, err = ch.next(current, attempt)
		if err != nil {
			return written{}, err
		}
		if !write {
			return written{seen: current}, nil
		}
		// Another writer verifies its change minSettle after making it: a
		// set read longer ago than freshFor may already miss that change.
		if time.Since(readStarted) < freshFor || reread == maxRereads {
			break
		}
		tflog.Debug(ctx, "the SSH keys read is stale; reading them again before writing", map[string]any{"attempt": attempt})
	}
	// The whole set travels in one body: refuse one over Runpod's limit
	// rather than send it, and explain a 413 the same way.
	size, err := putBodySize(next)
	if err != nil {
		return written{}, err
	}
	if size > runpod.MaxRequestBodyBytes {
		return written{}, ch.tooLarge(size, false)
	}
	stored, err := client.PutSSHKeys(ctx, next)
	if err != nil {
		if runpod.IsRequestTooLarge(err) {
			return written{}, ch.tooLarge(size, true)
		}
		if !mayHaveLanded(err) {
			return written{}, &apiStepError{"writing the account's SSH keys", err}
		}
		// The reply was lost (5xx or dropped connection after the retries):
		// the set may have been written. The read after the settling wait
		// decides, and the change is made again if it did not land, so a
		// lost reply neither fails the run nor leaves a key the next run
		// would refuse as someone else's.
		tflog.Warn(ctx, "the reply to the SSH key write was lost; verifying by reading the keys back", map[string]any{"attempt": attempt, "error": err.Error()})
		return written{wrote: true}, nil
	}
	tflog.Debug(ctx, "wrote the account's SSH keys", map[string]any{"attempt": attempt, "keys_before": len(current), "keys_after": len(stored)})
	return written{wrote: true, seen: stored}, nil
}

// jitter spreads d over [d, 2d) so that two writers do not keep colliding.
func jitter(d time.Duration) time.Duration {
	return d + rand.N(d) //nolint:gosec // timing jitter, not security
}

// pause waits for d or until ctx ends, through internal/poll like every
// other wait of the provider: a wait of one pause whose condition is met at
// once.
func pause(ctx context.Context, d time.Duration) error {
	err := poll.After(ctx, poll.Backoff{Initial: d, Max: d}, func(context.Context, int) (bool, error) { return true, nil })
	if err != nil {
		return fmt.Errorf("waiting to verify the account's SSH keys: %w", err)
	}
	return nil
}

// notVerified is the warning for a change Runpod stored (the write's reply
// shows it) whose read after the settling wait failed: the object is kept
// in state as written, as every kind does when only the read back fails,
// and the warning says what that read would have caught. label, when not
// empty, ends the summary, so that several keys' warnings are not folded
// into one.
func notVerified(kind, verb, name, id, label string, readErr error) diag.Diagnostic {
	d := diagnostics.NotReadBack(kind, verb, name, id, readErr)
	summary := d.Summary()
	if label != "" {
		summary += ": " + label
	}
	return diag.NewWarningDiagnostic(summary, d.Detail()+"\n\nThe provider reads the account's SSH keys again a "+
		"moment after every change because "+concurrentWriters+" can undo it; that read failed. A change undone in "+
		"that moment shows in the next plan, as a key to add again (or the keys to set again).")
}

// refusal is a change the provider will not make, reported on an attribute.
type refusal struct {
	attr            path.Path
	summary, detail string
}

func (r *refusal) Error() string { return r.summary + ": " + r.detail }

// reportChangeError turns an error of applyKeyChange into a diagnostic:
// refusals as they are, API failures under summary with what was being done,
// and a change other writers kept undoing under summary with notHeld as the
// detail.
func reportChangeError(diags *diag.Diagnostics, summary string, err error, notHeld string) {
	var ref *refusal
	var api *apiStepError
	var nh *notHeldError
	switch {
	case errors.As(err, &ref):
		diags.AddAttributeError(ref.attr, ref.summary, ref.detail)
	case errors.As(err, &api):
		diags.Append(diagnostics.UpdateError(summary, api.action, api.err))
	case errors.As(err, &nh):
		diags.AddError(summary, notHeld)
	default:
		diags.AddError(summary, err.Error())
	}
}

// concurrentWriters is how the errors name the writers the provider cannot
// coordinate with.
const concurrentWriters = "another writer changing the account's SSH keys at the same time " +
	"(another Terraform or OpenTofu run, a script, the Runpod console)"

// concurrencyNote is what the resources' documentation promises about
// several writers at once, and what it does not.
const concurrencyNote = "-> **Several runs at once.** Runpod stores the account's SSH keys as one list that can only be " +
	"replaced whole, with no way to detect a concurrent change. Two Terraform or OpenTofu runs (or a script, or the " +
	"console) changing the keys at the same time can undo each other's changes. The provider makes this safe for its " +
	"own runs: after every change it waits briefly, reads the keys again and, if another writer undid the change, " +
	"makes it again (a few times, at random intervals). An apply reports a key added only when a read after that wait " +
	"shows it, and a destroy reports a key removed only when a read shows it gone; otherwise the run fails naming the " +
	"key, and a key that could not be removed stays in state. If that read itself fails while Runpod's answer to the " +
	"write showed the change, an apply keeps the change in state with a warning that it was not verified (the next plan " +
	"reads the keys again), and a destroy fails and keeps the key in state. What it cannot guarantee: a writer that does not verify " +
	"its own changes (the console, a script, an older provider version), or a run whose machine stalls it between its read " +
	"and its write for longer than that wait (half a second or more), can still undo a change after the run has " +
	"finished. A key removed that way shows as drift in the next plan of the run that manages it; a key put back after " +
	"a destroy is no longer managed by anyone, so check the account's keys (data source `runpod_ssh_keys`) after " +
	"revoking a key while other tools may be writing."

// putBodySize is the size of the body of PUT /v2/account/ssh-keys for keys,
// measured the way the client encodes it.
func putBodySize(keys []string) (int, error) {
	if keys == nil {
		keys = []string{}
	}
	return runpod.BodySize(map[string][]string{"keys": keys})
}

// tooLargeDetail explains a key set over Runpod's body limit: size bytes as
// the provider counts them, or, when refused, a body Runpod answered 413. what
// says which keys make it large and what to do.
func tooLargeDetail(size int, refused bool, what string) string {
	if refused {
		return fmt.Sprintf("Runpod refused the request writing the account's SSH keys (%d bytes as the provider counts "+
			"them) as over its limit of %d bytes (100 KB) per request body: the API takes the whole set of keys in one "+
			"request. %s Runpod refused it before acting on it, so nothing was changed.", size, runpod.MaxRequestBodyBytes, what)
	}
	return fmt.Sprintf("Writing the account's SSH keys would send a request of %d bytes, over Runpod's limit of %d "+
		"bytes (100 KB) per request body: the API takes the whole set of keys in one request. %s Nothing was changed.",
		size, runpod.MaxRequestBodyBytes, what)
}

// tooLargeSummary is the summary every body-size error shares.
func tooLargeSummary() string {
	s, _ := diagnostics.RequestTooLarge("", 0)
	return s
}

// mayHaveLanded reports a PUT failure after which Runpod may have stored the
// set: no answer at all, or a 5xx (the server may have acted before failing).
// A 4xx is a refusal: nothing was written.
func mayHaveLanded(err error) bool {
	if runpod.IsConnectionFailure(err) || errors.Is(err, runpod.ErrAmbiguous) {
		return true
	}
	var apiErr *runpod.APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode >= 500
}
