package networkvolume_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// cliVolume is a volume configuration for the CLI tests.
func cliVolume(name string, size int, dc string, extra ...string) string {
	return volumeConfig(name, size, dc, extra...)
}

// Terraform keeps only the first PlanResourceChange call's
// warnings for a replacement, so the monthly cost of the new volume must be
// in what `terraform plan` prints, in its human and -json output alike.
func TestAccNetworkVolume_cliReplacementPlanShowsCost(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(cliVolume("moving", 100, "EU-RO-1"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")

	cli.SetConfig(cliVolume("moving", 100, "US-KS-2"))
	res := cli.Run("plan", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	// The human output wraps long lines: the start of the warning here, its
	// whole detail in the -json output below.
	res.Contains(t, `-/+ resource "runpod_network_volume" "v"`, "Warning: "+costWarning, `Replacing network volume "moving"`)
	if n := res.Count("Warning: " + costWarning); n != 1 {
		t.Errorf("the cost warning is printed %d times, want once:\n%s", n, res.Output())
	}

	jr := cli.RunJSON("plan", "-input=false")
	if got := jr.PlannedActions()[addr]; got != "replace" {
		t.Errorf("planned action %q, want replace", got)
	}
	ws := jr.Warnings(costWarning)
	if len(ws) != 1 || !strings.Contains(ws[0].Detail, `new, empty network volume "moving" (100 GB, STANDARD, in US-KS-2) `+
		"that costs about $7.00 per month") {
		t.Errorf("-json cost warnings %+v, want one with the monthly figure", ws)
	}
}

// A volume grown in the console,
// configuration unchanged, plans nothing that apply would refuse: no change
// at all (plan -detailed-exitcode exits 0), with a warning that names the
// size_gb line to write and reported_size_gb holding Runpod's size. apply,
// -replace, a replacement the configuration forces and destroy all work.
func TestAccNetworkVolume_cliGrownInConsoleStillDestroysAndReplaces(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(cliVolume("grown", 10, "EU-RO-1"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	first := cli.StateID(addr)

	env.Fake.UpdateNetworkVolume(first, func(v *runpodfake.NetworkVolume) { v.Size = 20 })
	env.Fake.ResetRequests()
	res := cli.Run("plan", "-input=false", "-detailed-exitcode")
	if res.ExitCode != 0 {
		t.Fatalf("plan after a console grow exited %d, want 0 (no change):\n%s", res.ExitCode, res.Output())
	}
	res.Contains(t, "Warning: "+resizedOutside+`: "grown"`, "size_gb = 20", "No changes")
	res.Lacks(t, "Error", "to change")
	jr := cli.RunJSON("plan", "-input=false", "-detailed-exitcode")
	if jr.ExitCode != 0 {
		t.Fatalf("plan -json after a console grow exited %d:\n%s", jr.ExitCode, jr.Output())
	}
	ws := jr.Warnings(resizedOutside)
	if len(ws) != 1 || !strings.Contains(ws[0].Detail, "Runpod reports 20 GB (reported_size_gb), while the configuration "+
		"and the last apply have size_gb = 10") || !strings.Contains(ws[0].Detail, "\n  size_gb = 20\n") {
		t.Errorf("-json warnings %+v, want one naming both sizes and the line to write", ws)
	}
	for a, action := range jr.PlannedActions() {
		if action != "noop" {
			t.Errorf("%s is planned to %s", a, action)
		}
	}
	drift := false
	for _, m := range jr.Messages {
		drift = drift || (m.Type == "resource_drift" && m.Change != nil && m.Change.Resource.Addr == addr)
	}
	if !drift {
		t.Errorf("plan -json reports no drift of %s", addr)
	}
	cli.MustRun("plan", "-input=false", "-refresh-only").Contains(t, "reported_size_gb", "10 -> 20")

	// apply writes nothing to Runpod; state records Runpod's size and cost.
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if n := volumeWrites(env.Fake); n != 0 {
		t.Errorf("the apply after a console grow sent %d writes", n)
	}
	attrs := cli.StateAttributes(addr)
	if attrs["size_gb"] != 10.0 || attrs["reported_size_gb"] != 20.0 || attrs["estimated_cost_per_month"] != 1.4 {
		t.Errorf("state after the console grow: size_gb %v, reported_size_gb %v, estimated_cost_per_month %v; "+
			"want 10, 20 and 1.4 (20 GB billed)", attrs["size_gb"], attrs["reported_size_gb"], attrs["estimated_cost_per_month"])
	}

	// -replace plans a replacement, and makes a new volume of the configured size.
	res = cli.MustRun("plan", "-input=false", "-replace="+addr)
	res.Contains(t, `-/+ resource "runpod_network_volume" "v"`, "1 to add, 0 to change, 1 to destroy")
	cli.MustRun("apply", "-auto-approve", "-input=false", "-replace="+addr)
	second := cli.StateID(addr)
	if v, ok := env.Fake.NetworkVolume(second); !ok || second == first || v.Size != 10 {
		t.Errorf("after -replace the volume is %+v (was %s), want a new 10 GB one", v, first)
	}
	if _, ok := env.Fake.NetworkVolume(first); ok {
		t.Errorf("the replaced volume %s still exists", first)
	}

	// A change that forces replacement is not blocked either.
	env.Fake.UpdateNetworkVolume(second, func(v *runpodfake.NetworkVolume) { v.Size = 90 })
	cli.SetConfig(cliVolume("grown", 10, "US-KS-2"))
	cli.MustRun("apply", "-auto-approve", "-input=false")
	third := cli.StateID(addr)
	if v, _ := env.Fake.NetworkVolume(third); third == second || v.DataCenter != "US-KS-2" || v.Size != 10 {
		t.Errorf("after the data-center change the volume is %+v", v)
	}

	// destroy removes it, whatever the console did.
	env.Fake.UpdateNetworkVolume(third, func(v *runpodfake.NetworkVolume) { v.Size = 100 })
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if vs := env.Fake.NetworkVolumes(); len(vs) != 0 {
		t.Errorf("volumes left in the API after destroy: %+v", vs)
	}
	if got := cli.StateAddresses(); len(got) != 0 {
		t.Errorf("state still has %v", got)
	}
}

// After a console grow the configuration catches up: a size_gb between the
// applied and the reported size is refused at plan, the reported size is
// recorded by an apply that sends nothing, and a larger one grows the
// volume from the size Runpod bills. An import takes Runpod's size as the
// applied one.
func TestAccNetworkVolume_cliGrownInConsoleCatchUp(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(cliVolume("catch-up", 10, "EU-RO-1"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	id := cli.StateID(addr)
	env.Fake.UpdateNetworkVolume(id, func(v *runpodfake.NetworkVolume) { v.Size = 20 })
	env.Fake.ResetRequests()

	cli.SetConfig(cliVolume("catch-up", 15, "EU-RO-1"))
	res := cli.MustFail("plan", "-input=false")
	res.Contains(t, "Error: "+noShrink, "size_gb = 15")
	jr := cli.RunJSON("plan", "-input=false")
	if es := jr.Diagnostics("error"); len(es) != 1 || es[0].Summary != noShrink ||
		!strings.Contains(es[0].Detail, "Runpod reports it at 20 GB (reported_size_gb") || !strings.Contains(es[0].Detail, "Set size_gb = 20") {
		t.Errorf("-json errors %+v, want the shrink naming the reported size", es)
	}

	// Writing the reported size is an update that only records it.
	cli.SetConfig(cliVolume("catch-up", 20, "EU-RO-1"))
	res = cli.Run("plan", "-input=false", "-detailed-exitcode")
	if res.ExitCode != 2 {
		t.Fatalf("plan exited %d, want 2:\n%s", res.ExitCode, res.Output())
	}
	res.Contains(t, "~ size_gb ", "10 -> 20", "0 to add, 1 to change, 0 to destroy")
	res.Lacks(t, "Warning")
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if n := volumeWrites(env.Fake); n != 0 {
		t.Errorf("recording the console size sent %d writes", n)
	}
	if res := cli.Run("plan", "-input=false", "-detailed-exitcode"); res.ExitCode != 0 || strings.Contains(res.Output(), "Warning") {
		t.Errorf("plan after catching up (exit %d) is not clean:\n%s", res.ExitCode, res.Output())
	}

	// Growing from there starts at the size Runpod bills.
	cli.SetConfig(cliVolume("catch-up", 30, "EU-RO-1"))
	res = cli.MustRun("plan", "-input=false")
	res.Contains(t, "Warning: "+costWarning, "from 20 GB to 30", "(+$0.70)")
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if v, _ := env.Fake.NetworkVolume(id); v.Size != 30 {
		t.Errorf("the volume is %d GB, want 30", v.Size)
	}
	if attrs := cli.StateAttributes(addr); attrs["size_gb"] != 30.0 || attrs["reported_size_gb"] != 30.0 || attrs["estimated_cost_per_month"] != 2.1 {
		t.Errorf("state after growing: %v", attrs)
	}

	// Import: no apply yet, so Runpod's size is the floor.
	seeded := env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "imported", Size: 40, DataCenter: "EU-RO-1"})
	imp := env.CLI(t)
	imp.SetConfig(acctest.Testdata(t, "network_volume_imported", map[string]any{"Name": "imported", "Size": 25, "ID": seeded.ID}))
	imp.Init()
	res = imp.MustFail("plan", "-input=false")
	res.Contains(t, "Error: "+noShrink, "size_gb = 25")
	imp.SetConfig(acctest.Testdata(t, "network_volume_imported", map[string]any{"Name": "imported", "Size": 40, "ID": seeded.ID}))
	res = imp.MustRun("plan", "-input=false")
	res.Contains(t, "1 to import, 0 to add, 0 to change, 0 to destroy")
}

// Lowering size_gb fails the plan, on size_gb, in the
// human and -json output, naming the smallest value allowed and how to
// destroy anyway; nothing is sent, and that way of destroying works.
func TestAccNetworkVolume_cliConfiguredShrinkFailsPlan(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(cliVolume("shrunk", 20, "EU-RO-1"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")

	cli.SetConfig(cliVolume("shrunk", 10, "EU-RO-1"))
	env.Fake.ResetRequests()
	res := cli.MustFail("plan", "-input=false")
	res.Contains(t, "Error: "+noShrink, "size_gb = 10", "only grow")
	jr := cli.RunJSON("plan", "-input=false")
	es := jr.Diagnostics("error")
	if len(es) != 1 || es[0].Summary != noShrink || es[0].Address != addr || es[0].Snippet == nil ||
		!strings.Contains(es[0].Snippet.Code, "size_gb") {
		t.Fatalf("-json errors %+v, want one on %s's size_gb", es, addr)
	}
	for _, want := range []string{`size_gb = 10 would shrink network volume "shrunk"`, "it is 20 GB",
		"Runpod network volumes only grow", "Set size_gb = 20", "terraform destroy -refresh=false", "revert size_gb to 20"} {
		if !strings.Contains(es[0].Detail, want) {
			t.Errorf("the error detail lacks %q:\n%s", want, es[0].Detail)
		}
	}
	cli.MustFail("apply", "-auto-approve", "-input=false").Contains(t, "Error: "+noShrink)
	if n := volumeWrites(env.Fake); n != 0 {
		t.Errorf("the refused shrink sent %d writes", n)
	}

	// A plain destroy plans the configuration first, so the error stops it
	// too, and says the way out; that way destroys the volume.
	cli.MustFail("destroy", "-auto-approve", "-input=false").Contains(t, "Error: "+noShrink, "-refresh=false")
	if n := volumeWrites(env.Fake); n != 0 {
		t.Errorf("the refused destroy sent %d writes", n)
	}
	cli.MustRun("destroy", "-auto-approve", "-input=false", "-refresh=false")
	if vs := env.Fake.NetworkVolumes(); len(vs) != 0 {
		t.Errorf("volumes left in the API after destroy: %+v", vs)
	}
	if got := cli.StateAddresses(); len(got) != 0 {
		t.Errorf("state still has %v", got)
	}
}

const (
	noShrink       = "Network Volume Cannot Shrink"
	resizedOutside = "Network Volume Resized Outside Terraform"
)

// volumeWrites counts the volume writes (create, update, delete) sent.
func volumeWrites(f *runpodfake.Fake) int {
	return f.CountRequests("POST", "/v2/network-volumes") + f.CountRequests("PATCH", "/v2/network-volumes/*") +
		f.CountRequests("DELETE", "/v2/network-volumes/*")
}

// A read outage right after a successful create (five
// 502s on GET, more than the client's retries) must not fail the apply and
// taint the volume, which the next apply would then delete with its data.
func TestAccNetworkVolume_cliReadOutageAfterCreateKeepsVolume(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "network_volume_with_fast_retries", map[string]any{"Name": "outage", "Size": 20}))
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/network-volumes/*", Count: 5, Status: 502})
	res := cli.Run("apply", "-auto-approve", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("apply failed after a read outage that followed a successful create:\n%s", res.Output())
	}
	res.Contains(t, "Warning: Network Volume Created But Not Read Back", "could not verify")
	st := cli.State()
	if st.Values == nil || len(st.Values.RootModule.Resources) != 1 || st.Values.RootModule.Resources[0].Tainted {
		t.Fatalf("want one untainted volume in state, got %+v", st.Values)
	}
	id := cli.StateID(addr)
	if v, ok := env.Fake.NetworkVolume(id); !ok || v.Size != 20 {
		t.Fatalf("state holds %s, the API %+v (present %v)", id, v, ok)
	}
	// The next plan reads it and has nothing to do.
	if res := cli.Run("plan", "-input=false", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("the plan after the outage is not empty (exit %d):\n%s", res.ExitCode, res.Output())
	}
	if n := env.Fake.CountRequests("POST", "/v2/network-volumes"); n != 1 {
		t.Errorf("%d creates, want 1", n)
	}
}

// Runpod's REST docs list no in-use refusal for deleting
// a volume, so the provider must not rely on one. With a fake that accepts
// the delete of a mounted volume, destroy and a replacement are refused by
// the provider itself, naming the pod, and the volume survives.
func TestAccNetworkVolume_cliMountedVolumeIsNotDeleted(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(cliVolume("mounted", 30, "EU-RO-1"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	id := cli.StateID(addr)

	dc := "EU-RO-1"
	pod := env.Fake.SeedPod(runpodfake.Pod{Name: "trainer", Image: "runpod/base:0.7.0", DataCenterID: &dc,
		GPU:    &runpodfake.PodGPU{ID: "NVIDIA GeForce RTX 4090", Count: 1},
		Mounts: runpodfake.Mounts{Network: []runpodfake.NetworkMount{{VolumeID: id, Path: "/workspace"}}}})
	// The API as documented: nothing stops the delete.
	env.Fake.ReleaseNetworkVolume(id)
	env.Fake.ResetRequests()

	res := cli.Run("destroy", "-auto-approve", "-input=false")
	if res.ExitCode == 0 {
		t.Fatalf("destroy of a mounted volume succeeded:\n%s", res.Output())
	}
	res.Contains(t, "Error: Network Volume Is In Use", `pod "trainer" (`+pod.ID)

	cli.SetConfig(cliVolume("mounted", 30, "US-KS-2"))
	res = cli.Run("apply", "-auto-approve", "-input=false")
	if res.ExitCode == 0 {
		t.Fatalf("replacing a mounted volume succeeded:\n%s", res.Output())
	}
	res.Contains(t, "Error: Network Volume Is In Use", `pod "trainer" (`+pod.ID)

	if n := env.Fake.CountRequests("DELETE", "/v2/network-volumes/*") + env.Fake.CountRequests("POST", "/v2/network-volumes"); n != 0 {
		t.Errorf("%d deletes or creates were sent", n)
	}
	if _, ok := env.Fake.NetworkVolume(id); !ok || cli.StateID(addr) != id {
		t.Errorf("the mounted volume %s is gone or no longer in state", id)
	}

	// Once the pod is gone, destroy works.
	env.Fake.DeletePod(pod.ID)
	cli.SetConfig(cliVolume("mounted", 30, "EU-RO-1"))
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if vs := env.Fake.NetworkVolumes(); len(vs) != 0 {
		t.Errorf("volumes left after destroy: %+v", vs)
	}
}

// After a lost create reply (dropped connection, or a 5xx
// after Runpod created the volume), three plain applies leave exactly one
// volume with that name, tracked in state; the create is sent once.
func TestAccNetworkVolume_cliLostCreateReplyThreeApplies(t *testing.T) {
	for name, fault := range map[string]runpodfake.Fault{
		"dropped": {Method: "POST", Path: "/v2/network-volumes", Drop: true, AfterHandler: true},
		"502":     {Method: "POST", Path: "/v2/network-volumes", Status: 502, AfterHandler: true},
		"504":     {Method: "POST", Path: "/v2/network-volumes", Status: 504, AfterHandler: true},
	} {
		t.Run(name, func(t *testing.T) {
			env := acctest.New(t)
			cli := env.CLI(t)
			cli.SetConfig(cliVolume("lost", 40, "EU-RO-1"))
			cli.Init()
			env.Fake.InjectFault(fault)
			// The volume that appeared may be another writer's: it is
			// named, never adopted, and the re-runs do not create another.
			for i := range 3 {
				res := cli.Run("apply", "-auto-approve", "-input=false")
				if res.ExitCode == 0 {
					t.Fatalf("apply %d succeeded beside the lost reply's volume:\n%s", i+1, res.Output())
				}
				if i == 0 {
					res.Says(t, "Error: Network Volume May Have Been Created", "may be the one this apply created", "another writer")
				} else {
					res.Says(t, "Error: Identical Network Volume Exists")
				}
			}
			vs := env.Fake.NetworkVolumes()
			if len(vs) != 1 {
				t.Fatalf("volumes in the API %+v, want exactly one", vs)
			}
			if n := env.Fake.CountRequests("POST", "/v2/network-volumes"); n != 1 {
				t.Errorf("%d creates sent, want 1", n)
			}
			cli.SetConfig(cliVolume("lost", 40, "EU-RO-1") + "\nimport {\n  to = " + addr + "\n  id = \"" + vs[0].ID + "\"\n}\n")
			cli.MustRun("apply", "-auto-approve", "-input=false")
			if cli.StateID(addr) != vs[0].ID {
				t.Fatalf("after the import block state tracks %q, want %s", cli.StateID(addr), vs[0].ID)
			}
		})
	}
}

// When the look-up after a lost reply fails too, the create is kept in
// state as pending; the next plain applies refuse to create a second
// identical volume and never adopt the one that appeared (another writer
// may have made it), naming it with the way to adopt it; following that
// way (state rm, then an import block) ends with the one volume managed;
// allow_duplicate creates a second one on purpose.
func TestAccNetworkVolume_cliLostCreateReplyKeptPending(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "network_volume_with_fast_retries", map[string]any{"Name": "twin", "Size": 40}))
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/network-volumes", Drop: true, AfterHandler: true})
	// The lists before the create pass: the plan's duplicate guard (again
	// in the apply's re-plan where the CLI does not mark it, see
	// providerdata.ApplyWalk) and the create's baseline. The look-up after
	// the lost reply fails.
	passes := 3
	if cli.MarksApplyPlan() {
		passes = 2
	}
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/network-volumes", Count: passes})
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/network-volumes", Count: 5, Status: 502})
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/network-volumes", Count: 1, Latency: 1})
	res := cli.Run("apply", "-auto-approve", "-input=false")
	if res.ExitCode == 0 {
		t.Fatalf("apply succeeded although the create reply and the look-up were lost:\n%s", res.Output())
	}
	vs := env.Fake.NetworkVolumes()
	if len(vs) != 1 {
		t.Fatalf("volumes %+v, want the one the lost create made", vs)
	}
	res.Says(t, "Error: Network Volume Create Recorded As Pending")
	for range 2 {
		res = cli.Run("apply", "-auto-approve", "-input=false")
		if res.ExitCode == 0 {
			t.Fatalf("a re-run created past, or adopted, a volume the pending create may have made:\n%s", res.Output())
		}
		res.Says(t, "Error: Network Volume May Have Been Created", vs[0].ID, `id = "`+vs[0].ID+`"`,
			"terraform state rm runpod_network_volume.NAME", "allow_duplicate = true")
	}
	if n := env.Fake.CountRequests("POST", "/v2/network-volumes"); n != 1 {
		t.Errorf("%d creates sent, want 1", n)
	}
	// Adopting it is what the message says: state rm, then an import block.
	cli.MustRun("state", "rm", "runpod_network_volume.v")
	cli.SetConfig(acctest.Testdata(t, "network_volume_imported", map[string]any{"Name": "twin", "Size": 40, "ID": vs[0].ID}))
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if after := env.Fake.NetworkVolumes(); len(after) != 1 || cli.StateID("runpod_network_volume.v") != vs[0].ID {
		t.Fatalf("volumes after the import %+v, state %s: want exactly %s, in state", after, cli.StateID("runpod_network_volume.v"), vs[0].ID)
	}
	cli.ExpectNoChanges()
	// allow_duplicate creates a second one on purpose.
	cli.SetConfig(acctest.Testdata(t, "network_volume_twins", nil))
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if n := len(env.Fake.NetworkVolumes()); n != 2 {
		t.Errorf("%d volumes with allow_duplicate, want 2", n)
	}
}

// A new volume without type, in a data center with two tiers (US-TX-3): the
// create gets the data center's default tier, which the catalog names at
// plan, so the saved plan a cost policy reads has the monthly cost known,
// the same figure as the warning, and the warning names the tier it prices.
func TestAccNetworkVolume_cliDefaultTierCostKnown(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(cliVolume("default-tier", 10, "US-TX-3"))
	cli.Init()

	res, plan := cli.SavedPlan()
	if plan == nil {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	var after, unknown map[string]any
	for _, rc := range plan.ResourceChanges {
		if rc.Address == addr {
			after, _ = rc.Change.After.(map[string]any)
			unknown, _ = rc.Change.AfterUnknown.(map[string]any)
		}
	}
	if unknown["estimated_cost_per_month"] == true || after["estimated_cost_per_month"] != 0.7 {
		t.Errorf("estimated_cost_per_month in the saved plan = %v (unknown: %v), want 0.7",
			after["estimated_cost_per_month"], unknown["estimated_cost_per_month"])
	}
	if unknown["type"] == true || after["type"] != "STANDARD" {
		t.Errorf("type in the saved plan = %v (unknown: %v), want STANDARD, the data center's default", after["type"], unknown["type"])
	}

	jr := cli.RunJSON("plan", "-input=false")
	ws := jr.Warnings(costWarning)
	if len(ws) != 1 || !strings.Contains(ws[0].Summary, `"default-tier" at $0.70/month`) ||
		!strings.Contains(ws[0].Detail, "(10 GB, STANDARD: the data center's default tier") ||
		!strings.Contains(ws[0].Detail, "costs about $0.70 per month") || strings.Contains(ws[0].Detail, "if that tier is") {
		t.Errorf("-json cost warnings %+v, want one pricing the STANDARD default tier at $0.70 per month", ws)
	}

	cli.MustRun("apply", "-input=false", "tfplan")
	if st := cli.StateAttributes(addr); st["type"] != "STANDARD" || st["estimated_cost_per_month"] != 0.7 {
		t.Errorf("state type %v, estimated_cost_per_month %v; want STANDARD and 0.7", st["type"], st["estimated_cost_per_month"])
	}
}

// A volume grown by apply whose read-back then fails: Runpod took the
// PATCH, so the apply succeeds with the size the PATCH's answer holds and a
// "... Updated But Not Read Back" warning, as for every other kind, instead
// of an error that does not say the volume grew and a state with the old
// size.
func TestAccNetworkVolume_cliGrowNotReadBack(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.FastRetries + cliVolume("grows", 10, "EU-RO-1"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	id := cli.StateID(addr)

	cli.SetConfig(acctest.FastRetries + cliVolume("grows", 20, "EU-RO-1"))
	// -refresh=false: the only read of the volume is the one after the PATCH.
	// Two 500s: reads are retried once (acctest.FastRetries).
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/network-volumes/" + id, Status: 500, Count: 2})
	res := cli.RunJSON("apply", "-auto-approve", "-input=false", "-refresh=false")
	if res.ExitCode != 0 {
		t.Fatalf("apply failed although the volume was grown:\n%s", res.Output())
	}
	if v, ok := env.Fake.NetworkVolume(id); !ok || v.Size != 20 {
		t.Fatalf("the volume is %+v (present %v), want 20 GB", v, ok)
	}
	ws := res.Warnings("Network Volume Updated But Not Read Back")
	if len(ws) != 1 || !strings.Contains(ws[0].Detail, `updated network volume "grows"`) || !strings.Contains(ws[0].Detail, "kept in state") {
		t.Errorf("want one not-read-back warning naming the volume, got %+v", res.Diagnostics("warning"))
	}
	cli.AssertUntainted(addr)
	if st := cli.StateAttributes(addr); st["size_gb"] != 20.0 || st["reported_size_gb"] != 20.0 || st["estimated_cost_per_month"] != 1.4 {
		t.Errorf("state size_gb %v, reported_size_gb %v, estimated_cost_per_month %v; want 20, 20 and 1.4",
			st["size_gb"], st["reported_size_gb"], st["estimated_cost_per_month"])
	}
	if plan := cli.Run("plan", "-detailed-exitcode", "-input=false"); plan.ExitCode != 0 {
		t.Errorf("the plan after the outage is not clean (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
}
