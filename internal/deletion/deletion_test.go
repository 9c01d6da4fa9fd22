package deletion

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var (
	notFound = &runpod.APIError{StatusCode: 404, Title: "Not Found"}
	inUse    = &runpod.APIError{StatusCode: 400, Title: "Bad Request", Detail: "Template is in use by a pod"}
	boom     = &runpod.APIError{StatusCode: 500, Title: "Internal Server Error"}
)

func run(deleteErr, readErr error, remedy func(context.Context) string) (summaries []string, reads int) {
	r := Request{
		Kind: "network volume", Name: "weights", ID: "v1",
		Delete:          func(context.Context) error { return deleteErr },
		Read:            func(context.Context) error { reads++; return readErr },
		InUseRemedy:     remedy,
		StillExistsNote: "It bills until it is gone.",
	}
	for _, d := range Run(context.Background(), r) {
		summaries = append(summaries, d.Summary()+": "+d.Detail())
	}
	return summaries, reads
}

func TestRun(t *testing.T) {
	remedy := func(context.Context) string { return "Terminate pod p1." }
	cases := []struct {
		name              string
		deleteErr, readEr error
		remedy            func(context.Context) string
		want              string // substring of the only diagnostic; "" for none
		wantReads         int
	}{
		{"deleted and confirmed gone", nil, notFound, remedy, "", 1},
		{"already gone", notFound, nil, remedy, "", 0},
		{"in use", inUse, nil, remedy, "Network Volume Is In Use: Runpod refused to delete network volume \"weights\" (v1)", 0},
		{"refusal without remedy is the API's error", inUse, nil, nil, "Network Volume Not Deleted", 0},
		{"server error", boom, nil, remedy, "Network Volume Not Deleted", 0},
		{"still readable", nil, nil, remedy, "Network Volume Still Exists: The API accepted the delete of network volume \"weights\" (v1), but it can still be read. It bills until it is gone.", 1},
		{"confirmation read fails", nil, boom, remedy, "Cannot Confirm Network Volume Deletion", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, reads := run(tc.deleteErr, tc.readEr, tc.remedy)
			if reads != tc.wantReads {
				t.Errorf("confirmation reads = %d, want %d", reads, tc.wantReads)
			}
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("unexpected diagnostics: %v", got)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0], tc.want) {
				t.Fatalf("diagnostics %v, want one containing %q", got, tc.want)
			}
		})
	}
	if got, _ := run(inUse, nil, remedy); !strings.Contains(got[0], "Terminate pod p1.") {
		t.Errorf("remedy missing: %v", got)
	}
}

// With a wait, reads go on until the object is gone, a read fails, or the
// wait runs out (moved from cluster's waitForGone test).
func TestRunWaitsUntilGone(t *testing.T) {
	wait := func(timeout time.Duration, stillExists func(time.Duration, error) diag.Diagnostic) *Wait {
		return &Wait{Timeout: timeout, Backoff: poll.Backoff{Initial: time.Millisecond, Max: 2 * time.Millisecond}, StillExists: stillExists}
	}
	readsUntil := func(n int, then error) (func(context.Context) error, *int) {
		reads := 0
		return func(context.Context) error {
			reads++
			if reads >= n {
				return then
			}
			return nil
		}, &reads
	}
	req := func(read func(context.Context) error, w *Wait) Request {
		return Request{Kind: "cluster", Name: "c", ID: "c1", Delete: func(context.Context) error { return nil }, Read: read, Wait: w}
	}

	read, reads := readsUntil(3, notFound)
	if diags := Run(context.Background(), req(read, wait(time.Hour, nil))); diags.HasError() || *reads != 3 {
		t.Errorf("gone on the third read: %v after %d reads", diags, *reads)
	}
	read, reads = readsUntil(2, ErrGone)
	if diags := Run(context.Background(), req(read, wait(time.Hour, nil))); diags.HasError() || *reads != 2 {
		t.Errorf("ErrGone on the second read: %v after %d reads", diags, *reads)
	}
	read, _ = readsUntil(2, boom)
	if diags := Run(context.Background(), req(read, wait(time.Hour, nil))); len(diags) != 1 || diags[0].Summary() != "Cannot Confirm Cluster Deletion" {
		t.Errorf("failed read: %v", diags)
	}
	read, _ = readsUntil(1<<30, nil)
	diags := Run(context.Background(), req(read, wait(20*time.Millisecond, nil)))
	if len(diags) != 1 || diags[0].Summary() != "Cluster Still Exists" || !strings.Contains(diags[0].Detail(), "could still be read after 20ms") {
		t.Errorf("still readable: %v", diags)
	}
	var ended error
	read, _ = readsUntil(1<<30, nil)
	Run(context.Background(), req(read, wait(20*time.Millisecond, func(_ time.Duration, err error) diag.Diagnostic {
		ended = err
		return diag.NewErrorDiagnostic("custom", "")
	})))
	if !errors.Is(ended, context.DeadlineExceeded) {
		t.Errorf("StillExists got %v, want the deadline", ended)
	}
}

// Refused and Unconfirmed replace the generic wording.
func TestRunCustomWording(t *testing.T) {
	r := Request{Kind: "pod", Name: "p", ID: "p1",
		Delete:      func(context.Context) error { return boom },
		Read:        func(context.Context) error { return boom },
		InUseRemedy: func(context.Context) string { return "never used" },
		Refused:     func(err error) diag.Diagnostic { return diag.NewErrorDiagnostic("Pod Not Terminated", err.Error()) },
		Unconfirmed: func(err error) diag.Diagnostic {
			return diag.NewErrorDiagnostic("Cannot Confirm Pod Termination", err.Error())
		},
	}
	if d := Run(context.Background(), r); len(d) != 1 || d[0].Summary() != "Pod Not Terminated" {
		t.Errorf("refused: %v", d)
	}
	r.Delete = func(context.Context) error { return nil }
	if d := Run(context.Background(), r); len(d) != 1 || d[0].Summary() != "Cannot Confirm Pod Termination" {
		t.Errorf("unconfirmed: %v", d)
	}
}

// Listed confirms from a list: an object it lacks is gone; one it holds,
// or a list that failed, is read on its own.
func TestListed(t *testing.T) {
	type obj struct{ id string }
	idOf := func(o *obj) string { return o.id }
	cases := map[string]struct {
		list    []obj
		listErr error
		getErr  error
		gets    int
		want    func(error) bool
	}{
		"absent: gone without a GET": {list: []obj{{"other"}}, want: func(err error) bool { return errors.Is(err, ErrGone) }},
		"present: its own read decides (still there)": {
			list: []obj{{"x"}}, gets: 1, want: func(err error) bool { return err == nil },
		},
		"present but the GET says 404": {
			list: []obj{{"x"}}, getErr: notFound, gets: 1, want: runpod.IsNotFound,
		},
		"list failed: its own read decides": {
			listErr: errors.New("502"), getErr: notFound, gets: 1, want: runpod.IsNotFound,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			gets := 0
			read := Listed("x", func(context.Context) ([]obj, error) { return tc.list, tc.listErr }, idOf,
				func(context.Context) error { gets++; return tc.getErr })
			err := read(context.Background())
			if !tc.want(err) || gets != tc.gets {
				t.Fatalf("err = %v after %d GETs, want %d GETs", err, gets, tc.gets)
			}
		})
	}
}
