package contract

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Options change how a scenario runs.
type Options struct {
	// NoTrace runs the CLI without TF_LOG=trace (faster; invariant 7 then
	// searches state, plans and diagnostics only).
	NoTrace bool
	// Sabotage, when set, is called after every successful apply with the
	// fake and the ids in state: tests plant a violation with it (a change
	// the provider cannot see) to prove the checks and the shrinker work.
	Sabotage func(f *runpodfake.Fake, state []StateObject)
}

// Violation is one broken invariant.
type Violation struct {
	Invariant int    // 1-8, as numbered in issue 36 and on Check
	Class     string // what broke, without ids: stable across runs and seeds
	Step      int    // 1-based step; len(steps)+1 is the final destroy
	Detail    string // ids, figures, the object at fault
	Command   string // the command whose output shows it, if one does
	Output    string
}

// Key identifies the violation's class for shrinking.
func (v Violation) Key() string { return fmt.Sprintf("%d: %s", v.Invariant, v.Class) }

func (v Violation) String() string {
	s := fmt.Sprintf("invariant %d at step %d: %s", v.Invariant, v.Step, v.Class)
	if v.Detail != "" {
		s += " (" + v.Detail + ")"
	}
	if v.Command != "" {
		s += "\n$ " + v.Command + "\n" + indent(v.Output)
	}
	return s
}

// Outcome is what a run of a scenario found.
type Outcome struct {
	Scenario   Scenario
	Violations []Violation
	Elapsed    time.Duration
}

// StateObject is one resource instance in the workspace's state.
type StateObject struct {
	Address string
	Type    string
	ID      string
	Attrs   map[string]any
}

type runner struct {
	t         *testing.T
	env       *acctest.Env
	cli       *acctest.CLI
	sc        Scenario
	opts      Options
	live      []Resource
	step      int
	unmanaged map[string]runpodfake.Object
	canaries  map[string]bool
	texts     []string // every CLI output and plan JSON, searched for canaries
	out       Outcome
}

// Run runs sc on a fresh fake with the CLI TF_ACC_TERRAFORM_PATH names
// (started as Terraform starts a released provider: acctest.PluginCLI, so
// the package's TestMain must be acctest.Main) and checks every invariant
// after every step. t is the scenario's own (sub)test: Run fails it only
// when the CLI cannot run; violations are returned.
func Run(t *testing.T, sc Scenario, opts Options) Outcome {
	t.Helper()
	start := time.Now()
	env := acctest.New(t)
	env.Fake.SetPodStartDelay(0)
	env.Fake.SetPortMappingDelay(0)
	env.Fake.SetEndpointWorkerStartDelay(0)
	r := &runner{t: t, env: env, cli: env.PluginCLI(t), sc: sc, opts: opts, live: slices.Clone(sc.Resources),
		unmanaged: map[string]runpodfake.Object{}, canaries: map[string]bool{}, out: Outcome{Scenario: sc}}
	if !r.cli.AtLeast(1, 11) {
		// Secrets and registry credentials take write-only values.
		t.Skipf("the contract scenarios need write-only arguments: Terraform 1.11 or OpenTofu 1.11 and later, not %s", r.cli.Version())
	}
	for _, o := range env.Fake.Inventory() {
		r.unmanaged[o.Key()] = o
	}
	if !opts.NoTrace {
		r.cli.Setenv("TF_LOG=trace", "TF_LOG_PATH="+filepath.Join(r.cli.Dir, "trace.log"))
	}
	r.writeConfig()
	r.cli.Init()
	for i, st := range sc.Steps {
		r.step = i + 1
		r.run(st)
		r.destroyPlanWorks()
	}
	r.step = len(sc.Steps) + 1
	r.destroy()
	r.secretsNowhere()
	for _, v := range env.Fake.SpecViolations() {
		r.violate(8, "a request or response the API contract forbids", v, acctest.Result{})
	}
	r.out.Elapsed = time.Since(start)
	return r.out
}

func (r *runner) writeConfig() {
	r.cli.SetConfig(Config(r.live))
	r.cli.WriteFile("terraform.tfvars", Vars(r.live))
	for _, res := range r.live {
		if res.Kind == Secret || res.Kind == Registry {
			r.canaries[Canary(res.Label, res.Version)] = true
		}
	}
}

func (r *runner) violate(inv int, class, detail string, res acctest.Result) {
	v := Violation{Invariant: inv, Class: class, Step: r.step, Detail: detail}
	if len(res.Args) > 0 {
		v.Command, v.Output = strings.Join(res.Args, " "), res.Output()
	}
	r.out.Violations = append(r.out.Violations, v)
}

// cmd runs the CLI and keeps what it printed for the secrets search.
func (r *runner) cmd(args ...string) acctest.Result {
	res := r.cli.Run(args...)
	r.keep(res)
	return res
}

// generatorBugs are errors of a configuration the generator wrote wrong,
// not of the provider.
var generatorBugs = []string{"Unsupported argument", "Missing required argument", "Reference to undeclared",
	"Unsupported block type", "Invalid reference", "Missing required attribute"}

// keep stores what a run printed for the secrets search, and stops the
// scenario when the configuration itself is malformed (a generator bug).
func (r *runner) keep(res acctest.Result) {
	r.texts = append(r.texts, res.Stdout, res.Stderr)
	for _, s := range generatorBugs {
		if strings.Contains(res.Output(), s) {
			r.t.Fatalf("contract: the generator wrote a malformed configuration (%s), seed %d:\n%s\n%s", s, r.sc.Seed, Config(r.live), res.Output())
		}
	}
}

func (r *runner) run(st Step) {
	switch st.Kind {
	case Apply:
		r.planApply()
	case Edit:
		r.live = ApplyEdit(r.live, st)
		r.writeConfig()
		r.planApply()
	case Console:
		r.console(st)
	case Fault:
		if st.EditOp != "" {
			r.live = ApplyEdit(r.live, Step{Kind: Edit, Op: st.EditOp, Target: st.Target})
			r.writeConfig()
		}
		r.env.Fake.InjectFault(faultFor(st))
		res := r.cmd("apply", "-auto-approve", "-input=false")
		r.env.Fake.ClearFaults()
		if res.ExitCode == 0 {
			r.afterApply()
			return
		}
		r.converge()
	}
}

func faultFor(st Step) runpodfake.Fault {
	f := runpodfake.Fault{Method: st.Method, Path: st.Path}
	switch st.Op {
	case "500":
		f.Status = 500
	case "drop":
		f.Drop = true
	case "drop-after":
		f.Drop, f.AfterHandler = true, true
	case "502-after":
		f.Status, f.AfterHandler = 502, true
	case "latency":
		f.Latency = 1500 * time.Millisecond
	}
	return f
}

// planApply saves a plan and applies it: invariants 1 (a saved plan that
// succeeded applies), 3 (costs) and, after, 4 and 6.
func (r *runner) planApply() {
	plan := r.cli.RunJSON("plan", "-input=false", "-out=tfplan")
	r.keep(plan.Result)
	if plan.ExitCode != 0 {
		r.mustValidate()
		return // a configuration the plan refuses: fine, and destroy must still work
	}
	show := r.cmd("show", "-json", "tfplan")
	r.checkCosts(plan, show.Stdout)
	apply := r.cmd("apply", "-input=false", "tfplan")
	if apply.ExitCode != 0 {
		if !capacityRefused(apply) && !warnedAtPlan(plan, apply) {
			r.violate(1, "a saved plan that succeeded fails to apply", "", apply)
		}
		r.converge()
		return
	}
	r.afterApply()
}

// mustValidate stops the scenario when terraform validate refuses the
// configuration: the generator draws values the schema accepts (its
// validators have tests of their own), so that every refusal it meets is a
// plan-time one, which destroy must get past.
func (r *runner) mustValidate() {
	if res := r.cli.Run("validate"); res.ExitCode != 0 {
		r.t.Fatalf("contract: the generator wrote a configuration terraform validate refuses, seed %d:\n%s\n%s", r.sc.Seed, Config(r.live), res.Output())
	}
}

// converge re-runs a failed apply with the API healthy: it must succeed
// unless the configuration itself is refused (invariant 4).
func (r *runner) converge() {
	res := r.cmd("apply", "-auto-approve", "-input=false")
	if res.ExitCode == 0 {
		r.afterApply()
		return
	}
	if capacityRefused(res) {
		return // the world: see capacityRefused
	}
	plan := r.cli.RunJSON("plan", "-input=false")
	r.keep(plan.Result)
	if plan.ExitCode == 0 && !warnedAtPlan(plan, res) {
		r.violate(4, "a re-run after a failed apply does not converge", "the plan succeeds but apply fails", res)
	}
}

// capacityRefused reports an apply that Runpod refused for lack of
// capacity. The catalog gives stock as a level (LOW, MEDIUM, HIGH), not a
// count, so a plan cannot know that two creates drawing on LOW stock will
// not both fit (API.md): the refusal at apply, explained, is the contract,
// as a stock move between plan and apply is (contract seeds 42 and 149).
func capacityRefused(res acctest.Result) bool {
	out := res.Output()
	return strings.Contains(out, "No Capacity") || strings.Contains(out, "Out of Stock")
}

// warnedAtPlan reports an apply refused for a reason its plan warned of,
// because the plan could not decide it:
//   - a pod or endpoint mounting volumes of the same apply, in a
//     configuration that creates volumes both inside and outside its data
//     centers, and that does not state which data center its volumes are in
//     (contract seeds 343656589 and 343656596); the warning names the
//     attribute that lets the plan check, and the contract holds the plan to
//     it when the configuration states it;
//   - a registry credential destroyed while pods use it, which the plan
//     cannot refuse because a pod destroyed by the same apply may be planned
//     after the credential (contract seed 343656669).
func warnedAtPlan(plan acctest.JSONResult, apply acctest.Result) bool {
	out := apply.Output()
	for warning, refusal := range warnedRefusals {
		if !strings.Contains(out, "Error: "+refusal) {
			continue
		}
		for _, w := range plan.Diagnostics("warning") {
			if w.Summary == warning {
				return true
			}
		}
	}
	return false
}

// warnedRefusals maps a plan's warning to the refusal at apply it warns of
// (warnedAtPlan).
var warnedRefusals = map[string]string{
	"Endpoint Network Volumes Not Checked At Plan": "Network Volume Outside The Endpoint's Data Centers",
	"Pod Network Volume Not Checked At Plan":       "Network Volume in Another Data Center",
	"Registry Credential In Use Would Be Refused":  "Registry Credential Is In Use",
}

// afterApply: the next plan is empty (4) and every object is in state once
// (6).
func (r *runner) afterApply() {
	if r.opts.Sabotage != nil {
		r.opts.Sabotage(r.env.Fake, r.state())
	}
	if res := r.cmd("plan", "-input=false", "-detailed-exitcode"); res.ExitCode != 0 {
		r.violate(4, "the plan after a successful apply is not empty", "", res)
	}
	r.checkOwnership()
}

func (r *runner) destroyPlanWorks() {
	if res := r.cmd("plan", "-destroy", "-input=false"); res.ExitCode != 0 {
		r.violate(2, "plan -destroy fails", "", res)
	}
}

func (r *runner) destroy() {
	res := r.cmd("destroy", "-auto-approve", "-input=false")
	if res.ExitCode != 0 {
		r.violate(2, "destroy fails", "", res)
	}
	if left := r.state(); len(left) > 0 {
		var addrs []string
		for _, o := range left {
			addrs = append(addrs, o.Address)
		}
		r.violate(2, "state holds resources after destroy", strings.Join(addrs, ", "), acctest.Result{})
	}
	inv := r.env.Fake.Inventory()
	seen := map[string]bool{}
	for _, o := range inv {
		seen[o.Key()] = true
		u, ok := r.unmanaged[o.Key()]
		switch {
		case !ok && (r.toldToImport(o.ID) || r.toldToImport(o.Parent)):
			// Named after a lost create reply and left to the user.
		case !ok:
			r.violate(2, "destroy left an object the workspace created", o.Key()+" "+o.Name, acctest.Result{})
		case u.Digest != o.Digest:
			r.violate(2, "an object the workspace does not own was changed", o.Key()+" "+o.Name, acctest.Result{})
		}
	}
	keys := make([]string, 0, len(r.unmanaged))
	for k := range r.unmanaged {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !seen[k] {
			r.violate(2, "an object the workspace does not own was deleted", k, acctest.Result{})
		}
	}
}

// state reads terraform.tfstate: the managed resource instances.
func (r *runner) state() []StateObject {
	b, err := os.ReadFile(filepath.Join(r.cli.Dir, "terraform.tfstate"))
	if err != nil {
		return nil
	}
	var st struct {
		Resources []struct {
			Mode, Type, Name string
			Instances        []struct {
				IndexKey   any            `json:"index_key"`
				Attributes map[string]any `json:"attributes"`
			}
		}
	}
	if err := json.Unmarshal(b, &st); err != nil {
		r.t.Fatalf("reading terraform.tfstate: %v", err)
	}
	var out []StateObject
	for _, res := range st.Resources {
		if res.Mode != "managed" {
			continue
		}
		for _, in := range res.Instances {
			addr := res.Type + "." + res.Name
			if in.IndexKey != nil {
				addr += fmt.Sprintf("[%v]", in.IndexKey)
			}
			id, _ := in.Attributes["id"].(string)
			out = append(out, StateObject{Address: addr, Type: res.Type, ID: id, Attrs: in.Attributes})
		}
	}
	return out
}

// stateObject is the first instance in state of the resource labelled label.
func (r *runner) stateObject(label string) (StateObject, bool) {
	i := find(r.live, label)
	if i < 0 {
		return StateObject{}, false
	}
	addr := r.live[i].Address()
	for _, o := range r.state() {
		if o.Address == addr || o.Address == addr+"[0]" {
			return o, true
		}
	}
	return StateObject{}, false
}

func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	if len(s) > 6000 {
		s = s[:3000] + "\n[...]\n" + s[len(s)-3000:]
	}
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

// cliName is the binary under test, for reports.
func cliName() string { return filepath.Base(os.Getenv("TF_ACC_TERRAFORM_PATH")) }
