package providerdata

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

// newTestReads returns the reads of a provider process talking to a fresh
// fake, and the fake.
func newTestReads(t *testing.T) (*Reads, *runpodfake.Fake) {
	t.Helper()
	fake := runpodfake.NewTestServer(t)
	client := runpodtest.Client(t, fake, noRetries)
	return NewData(client).Reads(), fake
}

// seedTemplates stores n templates as if made in the console and returns
// their ids.
func seedTemplates(fake *runpodfake.Fake, n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fake.SeedTemplate(runpodfake.DefaultTemplate(fmt.Sprintf("t%02d", i), "img:1")).ID
	}
	return ids
}

// requestCounts splits the fake's request log into list requests of the
// templates collection and single-template GETs.
func requestCounts(fake *runpodfake.Fake) (lists, gets int) {
	for _, r := range fake.Requests() {
		switch {
		case r.Method != http.MethodGet:
		case r.Path == "/v2/templates":
			lists++
		case len(r.Path) > len("/v2/templates/") && r.Path[:len("/v2/templates/")] == "/v2/templates/":
			gets++
		}
	}
	return lists, gets
}

// A workspace with one object of a kind sends the one GET it always did.
func TestReadsLoneReadIsOneGet(t *testing.T) {
	reads, fake := newTestReads(t)
	ids := seedTemplates(fake, 3)
	fake.ResetRequests()

	got, err := Get(t.Context(), reads, runpod.Templates, ids[1])
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "t01" {
		t.Errorf("read %q, want t01", got.Name)
	}
	if lists, gets := requestCounts(fake); lists != 0 || gets != 1 {
		t.Errorf("a lone read sent %d lists and %d GETs, want 0 and 1", lists, gets)
	}
}

// Refreshing many objects of one kind at once costs one GET (the first
// read) and one list, however many reads there are, and each read gets its
// own object.
func TestReadsManyConcurrentReadsShareOneList(t *testing.T) {
	reads, fake := newTestReads(t)
	ids := seedTemplates(fake, 40)
	fake.ResetRequests()

	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() {
			got, err := Get(t.Context(), reads, runpod.Templates, id)
			if err != nil {
				t.Errorf("read %s: %v", id, err)
				return
			}
			if want := fmt.Sprintf("t%02d", i); got.ID != id || got.Name != want {
				t.Errorf("read %s got %s %q, want %q", id, got.ID, got.Name, want)
			}
		})
	}
	wg.Wait()
	if lists, gets := requestCounts(fake); lists != 1 || gets > 1 {
		t.Errorf("40 reads sent %d lists and %d GETs, want 1 list and at most 1 GET", lists, gets)
	}
}

// An object the list lacks is confirmed with its own GET: one created after
// the list is found, one that is gone is reported not found.
func TestReadsMissingFromListIsConfirmedByGet(t *testing.T) {
	reads, fake := newTestReads(t)
	ids := seedTemplates(fake, 2)
	for _, id := range ids { // first read GETs, the second lists
		if _, err := Get(t.Context(), reads, runpod.Templates, id); err != nil {
			t.Fatal(err)
		}
	}
	later := fake.SeedTemplate(runpodfake.DefaultTemplate("made-after-the-list", "img:2")).ID
	fake.ResetRequests()

	got, err := Get(t.Context(), reads, runpod.Templates, later)
	if err != nil {
		t.Fatalf("an object created after the list: %v", err)
	}
	if got.Name != "made-after-the-list" {
		t.Errorf("read %q, want made-after-the-list", got.Name)
	}
	if _, err := Get(t.Context(), reads, runpod.Templates, "nosuchtemplate"); !runpod.IsNotFound(err) {
		t.Errorf("an id that exists nowhere: err = %v, want not found", err)
	}
	if lists, gets := requestCounts(fake); lists != 0 || gets != 2 {
		t.Errorf("sent %d lists and %d GETs, want each missing object confirmed by its own GET (0 and 2)", lists, gets)
	}
}

// After the provider's own write, the next read lists again and returns the
// written values, never the list taken before the write.
func TestReadsAfterOwnWriteAreFresh(t *testing.T) {
	reads, fake := newTestReads(t)
	ids := seedTemplates(fake, 2)
	for _, id := range ids {
		if _, err := Get(t.Context(), reads, runpod.Templates, id); err != nil {
			t.Fatal(err)
		}
	}
	image := "img:updated"
	if _, err := reads.Client().UpdateTemplate(t.Context(), ids[0], runpod.UpdateTemplateRequest{Image: runpod.Set(image)}); err != nil {
		t.Fatal(err)
	}
	fake.ResetRequests()

	got, err := Get(t.Context(), reads, runpod.Templates, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if got.Image != image {
		t.Errorf("read after the provider's update has image %q, want %q", got.Image, image)
	}
	if lists, _ := requestCounts(fake); lists != 1 {
		t.Errorf("read after a write sent %d lists, want a fresh one", lists)
	}
}

// A change made outside the provider after the list is not seen by reads
// of the same process (the list is of this command), but the next process
// sees it: a plan always reads data from its own run.
func TestReadsAreScopedToOneProcess(t *testing.T) {
	reads, fake := newTestReads(t)
	ids := seedTemplates(fake, 2)
	for _, id := range ids {
		if _, err := Get(t.Context(), reads, runpod.Templates, id); err != nil {
			t.Fatal(err)
		}
	}
	fake.UpdateTemplate(ids[1], func(tp *runpodfake.Template) { tp.Image = "img:console" })

	client := runpodtest.Client(t, fake, noRetries)
	next := NewData(client).Reads()
	for _, id := range ids {
		got, err := Get(t.Context(), next, runpod.Templates, id)
		if err != nil {
			t.Fatal(err)
		}
		if id == ids[1] && got.Image != "img:console" {
			t.Errorf("the next process read image %q, want the console's change", got.Image)
		}
	}
	if _, err := Get(t.Context(), reads, runpod.Templates, ids[1]); err != nil {
		t.Fatal(err)
	}
}

// A list that fails is not kept: each read falls back to its own GET and
// the next read lists again.
func TestReadsFallBackToGetWhenListFails(t *testing.T) {
	reads, fake := newTestReads(t)
	ids := seedTemplates(fake, 3)
	if _, err := Get(t.Context(), reads, runpod.Templates, ids[0]); err != nil {
		t.Fatal(err)
	}
	fake.InjectFault(runpodfake.Fault{Method: http.MethodGet, Path: "/v2/templates", Status: http.StatusInternalServerError})
	fake.ResetRequests()

	got, err := Get(t.Context(), reads, runpod.Templates, ids[1])
	if err != nil {
		t.Fatalf("read while the list fails: %v", err)
	}
	if got.Name != "t01" {
		t.Errorf("read %q, want t01", got.Name)
	}
	if _, err := Get(t.Context(), reads, runpod.Templates, ids[2]); err != nil {
		t.Fatal(err)
	}
	if lists, gets := requestCounts(fake); lists != 2 || gets != 1 {
		t.Errorf("sent %d lists and %d GETs, want the failed list, its reader's GET, then a new list (2 and 1)", lists, gets)
	}
}

// Data sources that list a kind share the list with refresh, and get their
// own copy to sort.
func TestReadsListSharedWithDataSources(t *testing.T) {
	reads, fake := newTestReads(t)
	ids := seedTemplates(fake, 3)
	fake.ResetRequests()

	all, err := List(t.Context(), reads, runpod.Templates)
	if err != nil {
		t.Fatal(err)
	}
	all[0], all[2] = all[2], all[0] // a caller sorting its copy
	for i, id := range ids {
		got, err := Get(t.Context(), reads, runpod.Templates, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Name != fmt.Sprintf("t%02d", i) {
			t.Errorf("read %s got %q after a caller reordered its list", id, got.Name)
		}
	}
	if lists, gets := requestCounts(fake); lists != 1 || gets != 0 {
		t.Errorf("sent %d lists and %d GETs, want the data source's list to serve every read (1 and 0)", lists, gets)
	}
}

// ECR delegations have no read by id: refreshing any number of them, the
// first included, costs one list, and one the list lacks (revoked outside
// Terraform) is reported gone only after a fresh list lacks it too.
func TestReadsDelegationsAreListOnly(t *testing.T) {
	reads, fake := newTestReads(t)
	const arn = "arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment"
	ids := make([]string, 12)
	for i := range ids {
		ids[i] = fake.SeedDelegation(arn, nil).ID
	}
	revoked := ids[0]
	fake.RevokeDelegation(revoked)
	fake.ResetRequests()

	var wg sync.WaitGroup
	for _, id := range ids[1:] {
		wg.Go(func() {
			got, err := Get(t.Context(), reads, runpod.EcrDelegations, id)
			if err != nil || got.ID != id {
				t.Errorf("Delegation(%s) = %+v, %v", id, got, err)
			}
		})
	}
	wg.Wait()
	if n := len(fake.Requests()); n != 1 {
		t.Errorf("refreshing %d delegations sent %d requests, want one list", len(ids)-1, n)
	}
	if _, err := Get(t.Context(), reads, runpod.EcrDelegations, revoked); !runpod.IsNotFound(err) {
		t.Errorf("revoked delegation read = %v, want not found", err)
	}
	for i, r := range fake.Requests() {
		if r.Method != http.MethodGet || r.Path != "/v2/registries/delegations" {
			t.Errorf("request %d = %s %s, want only lists", i, r.Method, r.Path)
		}
	}
	if n := len(fake.Requests()); n != 2 {
		t.Errorf("confirming the revoked delegation took %d lists in all, want 2", n)
	}
}

// noRetries makes a test client report the first failure of a request.
func noRetries(c *runpod.Config) { c.MaxRetries = -1 }
