// Package contract searches for broken promises: a seeded generator draws a
// whole workspace (resources of every kind with the relations users write,
// values from the fake's catalog, valid and invalid, in stock and out) and
// its life (applies of saved plans, configuration edits, console changes
// through the fake, faults, a final destroy), runs it with the real
// terraform or tofu against the in-repo fake, and checks the contract's
// invariants on what the CLI printed and what the fake holds after every
// step. A violation is shrunk to a small reproducer and reported as a
// configuration and the commands a person can run.
//
// It is a test harness, like acctest: the scenario tests that use it are in
// internal/provider/scenarios (contract_test.go).
package contract

import (
	"fmt"
	"slices"
	"strings"
)

// Kind is a resource type without its "runpod_" prefix.
type Kind string

// The kinds a scenario draws.
const (
	Volume   Kind = "network_volume"
	Pod      Kind = "pod"
	Template Kind = "template"
	Registry Kind = "registry_auth"
	Secret   Kind = "secret"
	SSHKey   Kind = "ssh_key"
	Endpoint Kind = "endpoint"
	Cluster  Kind = "cluster"
)

// Resource is one resource block of a scenario's configuration. Which
// fields matter depends on Kind; references to other resources are by label.
type Resource struct {
	Kind  Kind
	Label string // the block's label: runpod_<kind>.<label>
	Name  string // the name argument
	Count int    // > 0 writes count = Count

	Image string
	// Compute of a pod: one of GPU (with GPUCount) and CPU (with VCPU).
	GPU      string
	GPUCount int
	// GPUFromData reads the GPU type id through a runpod_gpu_type data
	// source (a catalog data source feeding a resource).
	GPUFromData bool
	CPU         string
	VCPU        int
	// DataCenters are a pod's, endpoint's or cluster's literal data centers.
	DataCenters []string
	// DCFromVolume writes a pod's data_center_ids as its volume's
	// data_center_id (a reference, not a literal).
	DCFromVolume bool
	// VolumeDC writes the mounted volume's data_center_id in the pod's
	// network_volume block too (known at plan time for a volume created in
	// the same configuration).
	VolumeDC    bool
	Volume      string // label of the network volume a pod or endpoint mounts
	Template    string // label of the template a pod or endpoint starts from
	RegistryRef string // label of the registry credential a template pulls with
	SecretRef   string // label of the secret a template's env references
	Stopped     bool   // a pod's desired_status = "EXITED"
	StartSSH    bool

	SizeGB     int    // network volume
	DataCenter string // network volume
	Serverless bool   // template
	Version    int    // write-only value version (secret, registry credential)

	Pools      []string // endpoint
	WorkersMin int
	WorkersMax int

	PodCount int // cluster

	KeySeed uint64 // SSH key: the key's bytes are drawn from it
}

// Address is the resource's address, without an index.
func (r Resource) Address() string { return "runpod_" + string(r.Kind) + "." + r.Label }

// StepKind is what a step does.
type StepKind string

// The steps a scenario draws. Every edit and fault step ends in an apply;
// console steps change the fake only.
const (
	Apply   StepKind = "apply"   // plan -out=tfplan, then apply tfplan
	Edit    StepKind = "edit"    // change the configuration, then plan -out and apply it
	Console StepKind = "console" // change the account through the fake's hooks
	Fault   StepKind = "fault"   // arm a fault, then apply -auto-approve
)

// Step is one step of a scenario's life.
type Step struct {
	Kind   StepKind
	Op     string    // what the edit, console change or fault is (see Describe)
	Target string    // label of the resource it concerns; "" for none
	Add    *Resource // the resource an "add" edit adds
	// EditOp is the edit a fault step makes before its apply ("" for none),
	// so that the apply has requests to fail.
	EditOp string
	// Fault: which requests fail (method "" is any).
	Method, Path string
}

// Describe is the step for a person: what to do by hand to repeat it.
func (s Step) Describe() string {
	switch s.Kind {
	case Apply:
		return "terraform plan -out=tfplan && terraform apply tfplan"
	case Edit:
		what := s.Op + " " + s.Target
		if s.Add != nil {
			what = "add " + s.Add.Address()
		}
		return "edit main.tf (" + what + "), then terraform plan -out=tfplan && terraform apply tfplan"
	case Console:
		return "in the console (fake hook): " + s.Op + " " + s.Target
	case Fault:
		m := s.Method
		if m == "" {
			m = "any"
		}
		edit := ""
		if s.EditOp != "" {
			edit = "edit main.tf (" + s.EditOp + " " + s.Target + "), "
		}
		return fmt.Sprintf("%sfault %s on the next %s %s request (fake hook InjectFault), terraform apply -auto-approve; "+
			"then without the fault: terraform apply -auto-approve && terraform plan -detailed-exitcode", edit, s.Op, m, s.Path)
	}
	return string(s.Kind)
}

// Scenario is a workspace and its life. Seed regenerates it.
type Scenario struct {
	Seed      uint64
	Resources []Resource
	Steps     []Step
}

// String is the scenario for a person: its seed, configuration and steps.
func (sc Scenario) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d: %d resources, %d steps\n", sc.Seed, len(sc.Resources), len(sc.Steps))
	b.WriteString("--- main.tf ---\n")
	b.WriteString(Config(sc.Resources))
	b.WriteString("--- terraform.tfvars ---\n")
	b.WriteString(Vars(sc.Resources))
	b.WriteString("--- commands ---\nterraform init\n")
	live := sc.Resources
	for i, st := range sc.Steps {
		fmt.Fprintf(&b, "%d. %s\n", i+1, st.Describe())
		edit := st
		if st.Kind == Fault && st.EditOp != "" {
			edit = Step{Kind: Edit, Op: st.EditOp, Target: st.Target}
		}
		if edit.Kind == Edit {
			live = ApplyEdit(live, edit)
			b.WriteString("   main.tf becomes:\n   " + strings.ReplaceAll(strings.TrimSpace(Config(live)), "\n", "\n   ") + "\n")
			if edit.Op == "rotate" || edit.Op == "add" {
				b.WriteString("   terraform.tfvars becomes:\n   " + strings.ReplaceAll(strings.TrimSpace(Vars(live)), "\n", "\n   ") + "\n")
			}
		}
	}
	fmt.Fprintf(&b, "%d. terraform destroy -auto-approve\n", len(sc.Steps)+1)
	return b.String()
}

// without returns resources minus the one labelled label, with every
// reference to it dropped from the others (a pod that mounted the volume
// mounts nothing; a pod from the template gets the template's image).
func without(resources []Resource, label string) []Resource {
	var out []Resource
	var gone *Resource
	for i := range resources {
		if resources[i].Label == label {
			gone = &resources[i]
			continue
		}
	}
	for _, r := range resources {
		if r.Label == label {
			continue
		}
		r.DataCenters = slices.Clone(r.DataCenters)
		r.Pools = slices.Clone(r.Pools)
		if r.Volume == label {
			r.Volume, r.DCFromVolume = "", false
		}
		if r.Template == label {
			r.Template = ""
			if gone != nil && r.Image == "" {
				r.Image = gone.Image
			}
		}
		if r.RegistryRef == label {
			r.RegistryRef = ""
		}
		if r.SecretRef == label {
			r.SecretRef = ""
		}
		out = append(out, r)
	}
	return out
}

// find returns the index of the resource labelled label, or -1.
func find(resources []Resource, label string) int {
	return slices.IndexFunc(resources, func(r Resource) bool { return r.Label == label })
}
