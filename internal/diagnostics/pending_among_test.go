package diagnostics

import (
	"errors"
	"strings"
	"testing"
)

// The plan's refusal of a pending create names every candidate with the
// ways out, in words the contract checker recognises as an object left to
// the user ("May Have Been Created", "import", the id).
func TestPendingCandidatesFound(t *testing.T) {
	d := PendingCandidatesFound("pod", "runpod_pod", "web", []string{"a1", "b2"},
		[]string{"  - a1: RUNNING", "  - b2: RUNNING"}, "Each may bill about $0.69 per hour.", "allow_duplicate")
	if d.Summary() != "Pod May Have Been Created" {
		t.Errorf("summary %q", d.Summary())
	}
	for _, want := range []string{"- a1", "- b2", "$0.69", "terraform state rm runpod_pod.NAME", "terraform import runpod_pod.NAME a1",
		`id = "a1"`, "a1, b2", "Runpod console", "allow_duplicate = true", "does not adopt"} {
		if !strings.Contains(d.Detail(), want) {
			t.Errorf("detail lacks %q:\n%s", want, d.Detail())
		}
	}
	if d := PendingCandidatesFound("cluster", "runpod_cluster", "c", []string{"a1"}, []string{"  - a1"}, "", ""); strings.Contains(d.Detail(), "allow_duplicate") {
		t.Errorf("a kind without opt-out offers one:\n%s", d.Detail())
	}
}

// The create's error is honest about what is known: nothing sent twice,
// the next plan settles it, the object may exist and bill.
func TestPendingCreateAmong(t *testing.T) {
	d := PendingCreateAmong("pod", "web", "Error while creating pod", errors.New("502"))
	for _, want := range []string{"Error while creating pod", "502", "did not send the create again", "The next plan", "may bill"} {
		if !strings.Contains(d.Detail(), want) {
			t.Errorf("detail lacks %q:\n%s", want, d.Detail())
		}
	}
	if strings.Contains(d.Detail(), "taken into state") || strings.Contains(d.Detail(), "adopt") {
		t.Errorf("the create's error promises an adoption:\n%s", d.Detail())
	}
}
