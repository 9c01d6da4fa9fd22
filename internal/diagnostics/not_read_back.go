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
// looks the name up, and says what it found rather than finding an orphan
// and refusing the name as taken without a word about the lost reply.
func PendingCreate(kind, name string, lookupErr error) diag.Diagnostic {
	return diag.NewWarningDiagnostic(
		fmt.Sprintf("%s Recorded As Pending", TitleCase(kind)),
		fmt.Sprintf("The reply to the create request for %s %q was lost, and looking it up by name afterwards failed "+
			"too, so the provider cannot tell whether Runpod created it. It did not send the create again. It recorded "+
			"the %s in state without an id (Terraform marks it tainted because this apply failed). The next plan or "+
			"apply looks it up by name: if none exists, it is created; if one exists, it is named with the way to "+
			"import it, and not taken into state, since another writer may have created it.\n\n%s",
			kind, name, kind, APIErrorDetail(fmt.Sprintf("listing %ss to look up %q", kind, name), lookupErr)))
}
