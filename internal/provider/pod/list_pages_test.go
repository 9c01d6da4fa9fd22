package pod_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// API.md §15 (pagination, uncertain): after a lost create reply the
// provider looks the pod up in the account's pod list. Served one pod per
// page, the pod the create made is on the last page: it is found and
// named, and the create is sent once. With a list that says there is more
// but not how to read it, nothing is created again: the re-run refuses
// rather than take the first page as the whole account.
func TestAccPod_lostCreateReplyReadsEveryPage(t *testing.T) {
	env := newEnv(t)
	for _, name := range []string{"other-a", "other-b"} {
		env.Fake.SeedPod(runpodfake.Pod{Name: name, Image: "img", CPU: &runpodfake.PodCPU{ID: "cpu3c", VCPUCount: 2}})
	}
	env.Fake.SetListPagination(runpodfake.ListPagination{Style: runpodfake.PageCursor, PageSize: 1, Paths: []string{"/v2/pods"}})
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/pods", Count: 1, Status: 502, AfterHandler: true})
	cli := env.CLI(t)
	cli.SetConfig(gpuPod(t, "paged"))
	cli.Init()
	first := cli.Run("apply", "-auto-approve")
	// The pod the create made is on the last page: found and named (never
	// adopted: another writer may have made it), not missed.
	var made string
	for _, o := range env.Fake.Inventory() {
		if o.Kind == "pod" && o.Name == "paged" {
			made = o.ID
		}
	}
	if made == "" {
		t.Fatalf("the fake holds no pod named paged")
	}
	says(t, first, "Error: Pod May Have Been Created", made)
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
		t.Errorf("%d POST /v2/pods, want exactly 1", n)
	}
	if got := cli.StateIDs("runpod_pod"); len(got) != 0 {
		t.Fatalf("state tracks %v, want nothing: a pod found after a lost reply is named, not adopted", got)
	}
}

// While the pod list says there is more but not how to read it, the
// checks before a create (the duplicate guard) cannot tell what exists:
// nothing is created, on the first apply or on the re-run a pipeline
// makes, and both say the list may be incomplete.
func TestAccPod_incompletePodListCreatesNothing(t *testing.T) {
	env := newEnv(t)
	for _, name := range []string{"other-a", "other-b"} {
		env.Fake.SeedPod(runpodfake.Pod{Name: name, Image: "img", CPU: &runpodfake.PodCPU{ID: "cpu3c", VCPUCount: 2}})
	}
	env.Fake.SetListPagination(runpodfake.ListPagination{Style: runpodfake.PageHasMore, PageSize: 1, Paths: []string{"/v2/pods"}})
	cli := env.CLI(t)
	cli.SetConfig(gpuPod(t, "paged"))
	cli.Init()
	for i := 1; i <= 2; i++ {
		res := cli.Run("apply", "-auto-approve")
		if res.ExitCode == 0 {
			t.Fatalf("apply %d succeeded though the pod list cannot be read whole:\n%s", i, res.Output())
		}
		says(t, res, "may be incomplete")
	}
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 0 {
		t.Errorf("%d POST /v2/pods, want none", n)
	}
}
