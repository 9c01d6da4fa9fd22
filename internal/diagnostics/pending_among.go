package diagnostics

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// The diagnostics of a pending create of a kind whose names repeat (pods,
// clusters, endpoints, network volumes, ECR delegations): a create whose
// reply was lost and whose look-up, a list of the kind, failed too is kept
// in state with no id; what it may have made (its candidates: lookalikes
// that appeared since it was sent) is named and never adopted or deleted,
// since another writer may have made them.

// PendingCreateAmong is the error of the create that is kept pending.
// createDetail says what was sent and how it failed; listErr is the failed
// look-up.
func PendingCreateAmong(kind, name, createDetail string, listErr error) diag.Diagnostic {
	return diag.NewErrorDiagnostic(
		fmt.Sprintf("%s Create Recorded As Pending", TitleCase(kind)),
		fmt.Sprintf("%s\n\nListing the account's %ss to look for it failed too (%s), so the provider cannot tell "+
			"whether Runpod created the %s. It did not send the create again, and it never will. It recorded the create "+
			"in state as pending (no id), with the %ss named %q that existed before it was sent.\n\nThe next plan lists "+
			"the %ss again, however much later it runs: if no new %s named %q appeared, it plans to create it; if one "+
			"or more did, it names them and creates nothing until you choose (import one, or delete them). Until then a "+
			"%s named %q may exist in the Runpod console, and it may bill.",
			createDetail, kind, listErr, kind, kind, name, kind, kind, name, kind, name))
}

// PendingCandidatesFound is the error of the plan of a pending create (see
// PendingCreateAmong) while objects it may have made exist: lines names
// each (ids, the first the one the import commands give), cost says what
// each may bill ("" when not known). optOut is the argument that creates
// another anyway ("allow_duplicate"), "" for kinds without.
func PendingCandidatesFound(kind, resourceType, name string, ids, lines []string, cost, optOut string) diag.Diagnostic {
	var b strings.Builder
	fmt.Fprintf(&b, "An earlier apply sent the create request for %s %q, lost the reply and could not list the %ss "+
		"to look for it, so it kept the create in state as pending. Since it was sent, ", kind, name, kind)
	if len(ids) == 1 {
		fmt.Fprintf(&b, "this %s with that name appeared, which no resource of this configuration manages:\n", kind)
	} else {
		fmt.Fprintf(&b, "these %ss with that name appeared, which no resource of this configuration manages:\n", kind)
	}
	b.WriteString(strings.Join(lines, "\n"))
	if cost != "" {
		fmt.Fprintf(&b, "\n\n%s", cost)
	}
	fmt.Fprintf(&b, "\n\nEach may be the one that apply created, or one that another writer (another workspace applying "+
		"the same configuration, a script, the Runpod console) created at the same time; Runpod's API gives the provider "+
		"no way to tell, so it does not adopt any, and it creates nothing while they exist. Choose one way out:\n\n"+
		"- Delete them in the Runpod console if nobody uses them; the next plan then creates the %s.\n"+
		"- Or adopt the one that is this configuration's: remove the pending record first (an import into an address "+
		"already in state is ignored), then import it:\n\n  terraform state rm %s.NAME\n%s", kind, resourceType,
		ImportHint(resourceType, ids[0]))
	if len(ids) > 1 {
		fmt.Fprintf(&b, "\n\n(with the id of the one that is this configuration's: %s)", strings.Join(ids, ", "))
	}
	if optOut != "" {
		fmt.Fprintf(&b, "\n- Or set %s = true on this %s to forget the pending create and create a new one beside them "+
			"(they stay in the account, and may bill).", optOut, kind)
	}
	return diag.NewErrorDiagnostic(TitleCase(kind)+" May Have Been Created", b.String())
}

// PendingNotChecked is the error of the plan of a pending create whose
// list failed (err): nothing is planned until the next plan can look.
func PendingNotChecked(kind, name string, err error) diag.Diagnostic {
	return APIError(fmt.Sprintf("Pending %s Create Not Settled", TitleCase(kind)),
		fmt.Sprintf("listing %ss to settle the create of %q whose reply an earlier apply lost (it is in state as "+
			"pending, with no id); nothing was created. Plan again when the API answers: the %s may exist in the Runpod "+
			"console, and it may bill", kind, name, kind), err)
}

// PendingKeptUnchecked is the warning of a refresh of a pending create
// whose list failed (err): the record stays in state for the next plan.
func PendingKeptUnchecked(kind, name string, err error) diag.Diagnostic {
	return diag.NewWarningDiagnostic(fmt.Sprintf("Pending %s Create Not Checked", TitleCase(kind)),
		fmt.Sprintf("An earlier apply sent the create request for %s %q, lost the reply and could not list the %ss "+
			"to look for it; it is in state as pending (no id). Listing them now failed too (%s), so the record stays "+
			"as it is for the next plan to settle. The %s may exist in the Runpod console, and it may bill.",
			kind, name, kind, err, kind))
}

// PendingDuplicateAllowed is the warning of a refresh or plan of a pending
// create whose configuration sets optOut: the record is dropped, and a new
// object is created beside the candidates (lines, ids) that stay.
func PendingDuplicateAllowed(kind, resourceType, name string, ids, lines []string, optOut string) diag.Diagnostic {
	return diag.NewWarningDiagnostic(fmt.Sprintf("%s Not Adopted After a Lost Create Reply", TitleCase(kind)),
		fmt.Sprintf("An earlier apply sent the create request for %s %q, lost the reply and could not list the %ss "+
			"to look for it. Since it was sent, these %ss with that name appeared, which no resource of this "+
			"configuration manages:\n%s\n\nThis %s sets %s = true, so the pending create is forgotten and a new %s is "+
			"planned beside them. They stay in the account and may bill: delete them in the Runpod console if nobody "+
			"uses them, or import one into another resource:\n\n%s",
			kind, name, kind, kind, strings.Join(lines, "\n"), kind, optOut, kind, ImportHint(resourceType, ids[0])))
}

// PendingLeft is the warning of the delete of a pending create that found
// objects it may have made (lines, ids): none was deleted, since any may be
// another writer's, and the record leaves state.
func PendingLeft(kind, resourceType, name string, ids, lines []string) diag.Diagnostic {
	return diag.NewWarningDiagnostic(fmt.Sprintf("%s Not Adopted After a Lost Create Reply", TitleCase(kind)),
		fmt.Sprintf("An earlier apply sent the create request for %s %q, lost the reply and could not list the %ss "+
			"to look for it. Since it was sent, these %ss with that name appeared, which no resource of this "+
			"configuration manages:\n%s\n\nAny may be the one that apply created, or another writer's, so none was "+
			"deleted; the pending create was removed from state. They may bill until deleted: delete them in the "+
			"Runpod console if nobody uses them, or, to manage one with Terraform, import it:\n\n%s",
			kind, name, kind, kind, strings.Join(lines, "\n"), ImportHint(resourceType, ids[0])))
}

// PendingRemovedUnchecked is the warning of the delete of a pending create
// whose list failed (err): the record leaves state (destroy must work), and
// the user checks the console.
func PendingRemovedUnchecked(kind, name string, err error) diag.Diagnostic {
	return diag.NewWarningDiagnostic(fmt.Sprintf("Pending %s Create Removed Unchecked", TitleCase(kind)),
		fmt.Sprintf("An earlier apply sent the create request for %s %q, lost the reply and could not list the %ss "+
			"to look for it; it was in state as pending (no id). Listing them now failed too (%s). Nothing was deleted, "+
			"and the pending create was removed from state. Check the Runpod console for %s named %q: it may exist, "+
			"and it may bill until deleted.", kind, name, kind, err, A(kind), name))
}
