package safecreate

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

type obj struct {
	id, name, shape string
	at              time.Time
}

func kindOf(objs []obj, listErr error) kinds.Kind[obj] {
	return kinds.Kind[obj]{
		Collection: runpod.Collection[obj]{
			Noun: "endpoint",
			List: func(*runpod.Client, context.Context) ([]obj, error) { return objs, listErr },
			ID:   func(o *obj) string { return o.id },
		},
		ResourceType: "runpod_endpoint",
		Name:         func(o *obj) string { return o.name },
		CreatedAt:    func(o *obj) time.Time { return o.at },
	}
}

// web is the create of the tests: an endpoint named web on a GPU.
func web(name string) Lookalike[obj] {
	return Lookalike[obj]{
		Name: name, Shape: "type and compute",
		Same:     func(o *obj) bool { return o.shape == "gpu" },
		Describe: func(o *obj) string { return o.shape },
	}
}

func TestTwinRefusalOfAnUnbilledKind(t *testing.T) {
	objs := []obj{{"twin", "web", "gpu", time.Now()}}
	billed := twinRefusal(kindOf(objs, nil), web("web"), objs)
	if !strings.Contains(billed.Detail(), "bill twice") {
		t.Fatalf("a billed kind's refusal gives the billing reason: %s", billed.Detail())
	}
	free := web("web")
	free.Unbilled, free.OptOut = true, "allow_duplicate"
	d := twinRefusal(kindOf(objs, nil), free, objs)
	if strings.Contains(d.Detail(), "bill") || !strings.Contains(d.Detail(), "set allow_duplicate = true") {
		t.Fatalf("an unbilled kind's refusal must not speak of billing and must give the opt-out: %s", d.Detail())
	}
}

// TestPendingCandidates: what a pending create may have made is what
// appeared since its baseline with its name and shape, that no address of
// this process manages, whatever its age.
func TestPendingCandidates(t *testing.T) {
	old := time.Now().Add(-48 * time.Hour)
	objs := []obj{
		{"before", "web", "gpu", old},  // in the baseline
		{"other", "web", "cpu", old},   // another shape
		{"api", "api", "gpu", old},     // another name
		{"sibling", "web", "gpu", old}, // managed by another address
		{"mine", "web", "gpu", old},    // the one: old is no reason to skip it
	}
	data := providerdata.NewData(nil)
	data.Creates().Own("endpoint", "sibling")
	got, err := PendingCandidates(context.Background(), kindOf(objs, nil), web("web"), data, Pending{Baseline: []string{"before"}})
	if err != nil || len(got) != 1 || got[0].id != "mine" {
		t.Fatalf("candidates = %v, %v; want only mine", got, err)
	}
	if _, err := PendingCandidates(context.Background(), kindOf(nil, errors.New("502")), web("web"), data, Pending{}); err == nil {
		t.Fatal("a failed list must be an error, not no candidate")
	}
}

func TestResolve(t *testing.T) {
	started := time.Now()
	lost := errors.New("connection reset")
	ctx := context.Background()
	data := providerdata.NewData(nil)
	creates := data.Creates()
	resolve := func(k kinds.Kind[obj]) (*obj, diag.Diagnostic) {
		got, d, _ := Resolve(ctx, k, web("web"), data, creates.Send("endpoint", "web"), "creating endpoint web", started, nil, lost)
		return got, d
	}

	// Exactly one new one of the same shape: named, not adopted, since
	// another writer may have made it in the same window.
	objs := []obj{{"old", "web", "gpu", started.Add(-time.Hour)}, {"new", "web", "gpu", started.Add(time.Second)}}
	got, d := resolve(kindOf(objs, nil))
	if got != nil || d.Severity() != diag.SeverityError || d.Summary() != "Endpoint May Have Been Created" ||
		!strings.Contains(d.Detail(), "Endpoint new may be the one this apply created") ||
		!strings.Contains(d.Detail(), "another writer") || !strings.Contains(d.Detail(), `id = "new"`) {
		t.Fatalf("want the new endpoint named and not adopted, got %v, %v", got, d)
	}

	// Two new ones: none adopted, both listed, the import names one.
	objs = append(objs, obj{"new2", "web", "gpu", started.Add(2 * time.Second)})
	got, d = resolve(kindOf(objs, nil))
	if got != nil || d.Summary() != "Endpoint May Have Been Created" || !strings.Contains(d.Detail(), "new2") ||
		!strings.Contains(d.Detail(), "import") {
		t.Fatalf("two candidates must not be adopted, got %v, %v", got, d)
	}

	// None with the name: safe to apply again.
	got, d = resolve(kindOf(nil, nil))
	if got != nil || d.Summary() != "Endpoint Not Created" ||
		!strings.Contains(d.Detail(), `endpoint "web" was not created: a lookup by name found none`) {
		t.Fatalf("no candidate: got %v, %v", got, d)
	}

	// The list fails too: say what to check.
	got, d = resolve(kindOf(nil, errors.New("down")))
	if got != nil || !strings.Contains(d.Detail(), "down") || !strings.Contains(d.Detail(), "Runpod console") {
		t.Fatalf("failed list: got %v, %v", got, d)
	}
}
