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

func TestRefuseTwin(t *testing.T) {
	now := time.Now()
	objs := []obj{
		{"old", "web", "gpu", now.Add(-time.Hour)},     // too old to be a lost create
		{"other", "web", "cpu", now.Add(-time.Minute)}, // another shape
		{"twin", "web", "gpu", now.Add(-time.Minute)},
	}
	data := providerdata.NewData(nil)
	owner := data.Creates()
	d := RefuseTwin(context.Background(), kindOf(objs, nil), web("web"), data)
	if d == nil || !strings.Contains(d.Detail(), "twin") || strings.Contains(d.Detail(), "- old") || strings.Contains(d.Detail(), "- other") {
		t.Fatalf("want a refusal naming only the recent same-shape twin, got %v", d)
	}
	if d.Summary() != "Recent Identical Endpoint Exists" || !strings.Contains(d.Detail(), `id = "twin"`) {
		t.Errorf("refusal %q / %q lacks the summary or the import block", d.Summary(), d.Detail())
	}
	owner.Own("endpoint", "twin")
	if d := RefuseTwin(context.Background(), kindOf(objs, nil), web("web"), data); d != nil {
		t.Errorf("an endpoint this run created is not a twin, got %v", d)
	}
	if d := RefuseTwin(context.Background(), kindOf(objs, nil), web("api"), providerdata.NewData(nil)); d != nil {
		t.Errorf("another name is no twin, got %v", d)
	}
	if d := RefuseTwin(context.Background(), kindOf(nil, errors.New("boom")), web("web"), data); d == nil || !strings.Contains(d.Detail(), "boom") {
		t.Errorf("a failed list must refuse with its error, got %v", d)
	}
}

func TestResolve(t *testing.T) {
	started := time.Now()
	lost := errors.New("connection reset")
	ctx := context.Background()
	data := providerdata.NewData(nil)
	creates := data.Creates()
	resolve := func(k kinds.Kind[obj]) (*obj, diag.Diagnostic) {
		return Resolve(ctx, k, web("web"), data, creates.Send("endpoint", "web"), "creating endpoint web", started, nil, lost)
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
