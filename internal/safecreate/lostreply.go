package safecreate

import (
	"fmt"
	"strings"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
)

// The one decision about an object that may be a lost create reply's.
//
// A create whose reply was lost (a dropped connection, a 5xx) may or may not
// have made its object, and the provider looks for it instead of sending the
// create again. What it finds may be this create's object, or an object that
// another writer made in the same window: another workspace applying the
// same configuration, a script, someone in the console. Runpod's API cannot
// tell them apart for the provider: a create takes no idempotency key, and
// no field of an object is a marker the provider could set and Runpod would
// keep. An object taken into state that another writer made is owned by two
// states, and destroying either deletes the other's. So a candidate is never
// adopted: the provider names it and leaves the choice to the user, as for
// any other object that this configuration does not manage.

// NotAdoptedSummary is the summary of the error for a create whose reply was
// lost while an object that it may have made exists: "<Kind> May Have Been
// Created".
func NotAdoptedSummary(title string) string { return title + " May Have Been Created" }

// NotAdopted is the detail of the decision above, after the sentence that
// says what was found: the candidates (ids, the first the one to import) may
// be this create's or another writer's, so the provider does not take any
// into state, then the ways out. noun and resourceType are the kind's; name
// is the name the create asked for; unique says that the kind's names are
// unique in an account; optOut is the argument that lets a create go ahead
// beside a lookalike ("allow_duplicate"), "" for kinds without.
func NotAdopted(noun, resourceType, name string, ids []string, unique bool, optOut string) string {
	var b strings.Builder
	if len(ids) == 1 {
		fmt.Fprintf(&b, "%s %s may be the one this apply created, or one that another writer (another workspace applying "+
			"the same configuration, a script, the Runpod console) created at the same time.", diagnostics.TitleCase(noun), ids[0])
	} else {
		fmt.Fprintf(&b, "Any of %s may be the one this apply created, or one that another writer (another workspace "+
			"applying the same configuration, a script, the Runpod console) created at the same time.", strings.Join(ids, ", "))
	}
	fmt.Fprintf(&b, " Runpod's API gives the provider no way to tell (a create carries no idempotency key), so it does "+
		"not take it into state: if it were another writer's, both states would own it and destroying either would "+
		"delete the other's %s. Nothing was sent twice.\n\n", noun)
	fmt.Fprintf(&b, "If it is the %s this apply created, import it instead of applying again:\n\n%s\n\n", noun,
		diagnostics.ImportHint(resourceType, ids[0]))
	switch {
	case unique:
		fmt.Fprintf(&b, "If it is not, give this %s another name: %q is taken.", noun, name)
	case optOut != "":
		fmt.Fprintf(&b, "If it is not, set %s = true on this %s, or give it another name, to create another beside it; "+
			"if nobody uses it, delete it in the Runpod console (it may bill until deleted).", optOut, noun)
	default:
		fmt.Fprintf(&b, "If it is not, give this %s another name to create another beside it; if nobody uses it, "+
			"delete it in the Runpod console (it may bill until deleted).", noun)
	}
	return b.String()
}
