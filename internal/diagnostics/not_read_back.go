package diagnostics

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// NotReadBack is the warning for an object that Runpod created or updated
// but that could not be read back afterwards (a read outage, not a refusal).
// The write succeeded, so failing the apply would make Terraform taint a
// healthy object and replace it on the next apply; instead the state holds
// what the write's own answer returned and the warning says that it was not
// verified. verb is "Created" or "Updated".
func NotReadBack(kind, verb, name, id string, err error) diag.Diagnostic {
	return diag.NewWarningDiagnostic(
		fmt.Sprintf("%s %s But Not Read Back", TitleCase(kind), verb),
		fmt.Sprintf("Runpod %s %s %q (id %s), but reading it back afterwards failed, so the provider could not "+
			"verify it with a fresh read. It is kept in state, not tainted, with the values Runpod returned to the "+
			"write itself. The next plan or refresh reads it again and shows any difference.\n\n%s",
			lower(verb), kind, name, id, APIErrorDetail(fmt.Sprintf("reading %s %s back", kind, id), err)))
}

func lower(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}

// PendingCreate is the warning that goes with a create error when the reply
// to the create was lost and the name lookup that should have settled it
// failed too. Nothing tells whether the object exists, so the resource keeps
// a placeholder (its name, no id) in state instead of nothing: the next run
// resolves it by name, adopting the object if it appeared, rather than
// finding its own orphan and refusing the name as taken.
func PendingCreate(kind, name string, lookupErr error) diag.Diagnostic {
	return diag.NewWarningDiagnostic(
		fmt.Sprintf("%s Recorded As Pending", TitleCase(kind)),
		fmt.Sprintf("The reply to the create request for %s %q was lost, and looking it up by name afterwards failed "+
			"too, so the provider cannot tell whether Runpod created it. It did not send the create again. It recorded "+
			"the %s in state without an id (Terraform marks it tainted because this apply failed). The next plan or "+
			"apply looks it up by name: if it exists, it is taken into state instead of reported as a name already "+
			"taken; if not, it is created.\n\n%s",
			kind, name, kind, APIErrorDetail(fmt.Sprintf("listing %ss to look up %q", kind, name), lookupErr)))
}

// FoundAfterLostReply is the warning for a pending create (see
// PendingCreate) that a later refresh found by name and took into state.
func FoundAfterLostReply(kind, name, id string) diag.Diagnostic {
	return diag.NewWarningDiagnostic(
		fmt.Sprintf("%s Found After Lost Create Reply", TitleCase(kind)),
		fmt.Sprintf("An earlier apply sent the create request for %s %q, lost the reply and could not look it up. "+
			"The %s exists (id %s): it was created after that apply checked that the name was free, so it was taken "+
			"into state as the one that apply created, not reported as a name already taken. Because that apply "+
			"failed, Terraform marked it tainted and plans to replace it; to keep this one instead, run "+
			"`terraform untaint` on the resource before applying.",
			kind, name, kind, id))
}
