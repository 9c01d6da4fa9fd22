package deletion

import (
	"context"
	"strings"
	"testing"

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
