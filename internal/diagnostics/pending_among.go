package diagnostics

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// PendingCreateAmong is the error of a create of a kind whose names repeat
// (pods, clusters, endpoints, network volumes, ECR delegations) whose reply
// was lost and whose look-up, a list of the kind, failed too (listErr).
// createDetail says what was sent and how it failed; shape names what,
// besides the name, tells the object from the others ("image and
// compute"). The create is kept in state as pending, with the objects that
// already looked like it, for the next run to settle.
func PendingCreateAmong(kind, name, shape, createDetail string, listErr error) diag.Diagnostic {
	return diag.NewErrorDiagnostic(
		fmt.Sprintf("%s Create Recorded As Pending", TitleCase(kind)),
		fmt.Sprintf("%s\n\nListing the account's %ss to look for it failed too (%s), so the provider cannot tell whether "+
			"Runpod created the %s. It did not send the create again. It recorded the create in state as pending (no "+
			"id), with the %ss named %q that existed before it was sent. The next plan, apply or destroy lists the %ss "+
			"again and settles it, however much later it runs: one new %s with that name and the same %s is taken "+
			"into state; if none appeared, the %s is created; if several did, the plan names them and creates "+
			"nothing. Until then, a %s named %q may exist in the Runpod console, and it may bill.",
			createDetail, kind, listErr, kind, kind, name, kind, kind, shape, kind, kind, name))
}

// FoundAmongAfterLostReply is the warning of a refresh that settled a
// pending create (see PendingCreateAmong) by taking into state the one
// object, id, that appeared since the create was sent.
func FoundAmongAfterLostReply(kind, name, shape, id string) diag.Diagnostic {
	return diag.NewWarningDiagnostic(
		fmt.Sprintf("%s Found After Lost Create Reply", TitleCase(kind)),
		fmt.Sprintf("An earlier apply sent the create request for %s %q, lost the reply and could not list the %ss "+
			"to look for it. Exactly one %s with that name and the same %s appeared since it was sent (id %s), and no "+
			"other resource of this configuration manages it, so it was taken into state as the one that apply created "+
			"instead of being created again. Because that apply failed, Terraform marked it tainted and plans to "+
			"replace it; to keep this one instead, run `terraform untaint` on the resource before applying.",
			kind, name, kind, kind, shape, id))
}

// PendingUnsettled is the error of a refresh that cannot settle a pending
// create (see PendingCreateAmong): several objects with its name and shape
// appeared since it was sent (lines, one per object, the first of
// importHint's id), and none is known to be the one it made. optOut names
// the argument that creates one anyway ("" for kinds without).
func PendingUnsettled(kind, name, shape string, lines []string, importHint, optOut string) diag.Diagnostic {
	wayOut := fmt.Sprintf("or give this %s another name", kind)
	if optOut != "" {
		wayOut = fmt.Sprintf("or set %s = true to forget the pending create and create a new %s", optOut, kind)
	}
	return diag.NewErrorDiagnostic(
		fmt.Sprintf("Pending %s Create Not Settled", TitleCase(kind)),
		fmt.Sprintf("An earlier apply sent the create request for %s %q, lost the reply and could not list the %ss "+
			"to look for it. Since it was sent, these %ss with that name and the same %s appeared, and no resource of "+
			"this configuration manages them:\n%s\n\nThe provider cannot tell which one that apply created, so it adopts "+
			"none and creates nothing. Import the one that is this configuration's:\n\n%s\n\nand delete the others in "+
			"the Runpod console (they may bill), %s.",
			kind, name, kind, kind, shape, strings.Join(lines, "\n"), importHint, wayOut))
}

// PendingLeft is the warning of a destroy that removed a pending create
// (see PendingCreateAmong) from state without deleting anything: several
// objects with its name and shape appeared since it was sent (lines), and
// none is known to be the one it made.
func PendingLeft(kind, name string, lines []string) diag.Diagnostic {
	return diag.NewWarningDiagnostic(
		fmt.Sprintf("Pending %s Create Left in the Account", TitleCase(kind)),
		fmt.Sprintf("An earlier apply sent the create request for %s %q, lost the reply and could not list the %ss "+
			"to look for it. Since it was sent, these %ss with that name appeared, and the provider cannot tell which "+
			"one that apply created, so it deleted none:\n%s\n\nDelete the one that apply created in the Runpod "+
			"console: it may bill until deleted.", kind, name, kind, kind, strings.Join(lines, "\n")))
}
