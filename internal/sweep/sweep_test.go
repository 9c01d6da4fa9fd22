package sweep

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// TestMain runs the sweepers with -sweep (make sweep), the tests without.
func TestMain(m *testing.M) { resource.TestMain(m) }

// The sweepers, one per kind, each depending on the kinds swept before it
// (Kinds' order), so that -sweep-run=template still removes the pods first.
func init() {
	for i, k := range Kinds {
		var deps []string
		if i > 0 {
			deps = []string{Kinds[i-1].Name}
		}
		resource.AddTestSweepers(k.Name, &resource.Sweeper{Name: k.Name, Dependencies: deps, F: func(string) error {
			c, o, err := fromEnv()
			if err != nil {
				return err
			}
			_, err = k.Sweep(context.Background(), c, o)
			return err
		}})
	}
}

// fromEnv configures a sweep from RUNPOD_API_KEY, RUNPOD_API_URL,
// SWEEP_AGE (default 2h) and SWEEP_DRY_RUN.
func fromEnv() (*runpod.Client, Options, error) {
	age := 2 * time.Hour
	if v := os.Getenv("SWEEP_AGE"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return nil, Options{}, fmt.Errorf("SWEEP_AGE=%q is not a duration such as 2h", v)
		}
		age = d
	}
	key := os.Getenv("RUNPOD_API_KEY")
	if key == "" {
		return nil, Options{}, fmt.Errorf("RUNPOD_API_KEY is not set")
	}
	c, err := runpod.New(runpod.Config{APIKey: key, BaseURL: os.Getenv("RUNPOD_API_URL"), UserAgent: "terraform-provider-runpod-sweep"})
	if err != nil {
		return nil, Options{}, err
	}
	dry := os.Getenv("SWEEP_DRY_RUN") != "" && os.Getenv("SWEEP_DRY_RUN") != "0"
	return c, Options{OlderThan: age, DryRun: dry, Out: os.Stdout}, nil
}

// A live run was killed three hours ago and left one object of each kind
// (a pod using its template, so the order matters); a newer run is still
// going; other objects of the account look alike without being a run's. A
// dry run prints the leftovers and deletes nothing; the sweep then deletes
// exactly the leftovers, printing each first.
func TestSweepRemovesOnlyALeftRunsObjects(t *testing.T) {
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	old, recent := RunPrefix(now.Add(-3*time.Hour)), RunPrefix(now.Add(-10*time.Minute))
	f := runpodfake.NewTestServer(t)
	var leftovers []string
	tpl := f.SeedTemplate(runpodfake.DefaultTemplate(old+"tpl", "img"))
	leftovers = append(leftovers, tpl.ID)
	leftovers = append(leftovers,
		f.SeedPod(runpodfake.Pod{Name: old + "pod", Image: "img", CPU: &runpodfake.PodCPU{ID: "cpu3g", VCPUCount: 2}, Template: &tpl.ID}).ID,
		f.SeedNetworkVolume(runpodfake.NetworkVolume{Name: old + "vol", Size: 10, DataCenter: "US-KS-2"}).ID,
		f.SeedRegistry(runpodfake.Registry{Name: old + "reg", Username: "u", Password: "p"}).ID,
		f.SeedSecret(runpodfake.Secret{Name: old + "sec", Value: "v"}).ID,
		f.SeedEndpoint(map[string]any{"name": old + "ep", "type": "QUEUE", "image": "img:1",
			"scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}, "gpu": map[string]any{"pools": []any{"ADA_24"}}}).ID,
	)
	var kept []string
	for _, name := range []string{recent + "tpl", "production", "tf-acc-notarun-x", "xtf-acc-20260101000000-x", "tf-acc-2026010100000-short"} {
		kept = append(kept, f.SeedTemplate(runpodfake.DefaultTemplate(name, "img")).ID)
	}
	kept = append(kept, f.SeedPod(runpodfake.Pod{Name: "my-pod-" + old, Image: "img", CPU: &runpodfake.PodCPU{ID: "cpu3g", VCPUCount: 2}}).ID)

	c, err := runpod.New(runpod.Config{APIKey: runpodfake.DefaultAPIKey, BaseURL: f.URL()})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	opts := Options{OlderThan: time.Hour, DryRun: true, Now: func() time.Time { return now }, Out: &out}
	// The dry run also lists the template the fake binds to the endpoint
	// (named after it); the sweep deletes the endpoint first, which takes
	// that template with it.
	n, err := All(t.Context(), c, opts)
	if err != nil || n != len(leftovers)+1 {
		t.Fatalf("dry run = %d, %v; want %d\n%s", n, err, len(leftovers)+1, out.String())
	}
	for _, r := range f.Requests() {
		if r.Method != "GET" {
			t.Fatalf("the dry run sent %s %s", r.Method, r.Path)
		}
	}
	for _, id := range leftovers {
		if !strings.Contains(out.String(), "would delete") || !strings.Contains(out.String(), id) {
			t.Errorf("dry run does not print %s:\n%s", id, out.String())
		}
	}

	out.Reset()
	opts.DryRun = false
	if n, err := All(t.Context(), c, opts); err != nil || n != len(leftovers) {
		t.Fatalf("sweep = %d, %v\n%s", n, err, out.String())
	}
	deleted := map[string]bool{}
	for _, r := range f.Requests() {
		if r.Method == "DELETE" {
			deleted[r.Path[strings.LastIndex(r.Path, "/")+1:]] = true
		}
	}
	for _, id := range leftovers {
		if !deleted[id] || !strings.Contains(out.String(), "deleting") || !strings.Contains(out.String(), id) {
			t.Errorf("leftover %s: deleted %v, printed:\n%s", id, deleted[id], out.String())
		}
	}
	for _, id := range kept {
		if deleted[id] {
			t.Errorf("swept %s, which is no left run's", id)
		}
	}
	if len(deleted) != len(leftovers) {
		t.Errorf("deleted %v, want exactly %v", deleted, leftovers)
	}
}
