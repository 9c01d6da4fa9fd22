package sshkey

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
)

// privateReplacing marks the plan of a runpod_ssh_key replacement: the first
// of the two PlanResourceChange calls Terraform makes for it (prior state
// present) warns and sets it, and the second (the create half, with no prior
// state, whose warnings Terraform does not print) finds it and stays quiet.
var privateReplacing = privatestate.NewKey[bool]("replacing")

// newKeyWarning is the plan's warning for a key it registers: Runpod gives
// the account's keys to a pod only when the pod is created (API.md, account
// SSH keys: "New keys reach only pods created afterwards with startSsh.
// Running pods keep their keys."), so a reviewer must not expect the key on
// the pods already running. key is nil when the key is not known until
// apply. The summary names the key: Terraform folds warnings that share a
// summary into one, and each key's must be read.
func newKeyWarning(attr path.Path, key *publicKey, resourceType string) diag.Diagnostic {
	summary, which := "New SSH Key Not On Running Pods", "A key known only at apply"
	if key != nil {
		summary += ": " + key.label()
		which = "Key " + key.Fingerprint
	}
	return diag.NewAttributeWarningDiagnostic(attr, summary, fmt.Sprintf(
		"%s is to be registered on the Runpod account (or taken over, if the account already holds it). Runpod "+
			"gives the account's keys to a pod only when the pod is created with start_ssh = true (as its PUBLIC_KEY "+
			"environment variable): pods already running keep the keys they were created with, and this key will not "+
			"let you into them. To use it on a running pod, add it to that pod's ~/.ssh/authorized_keys yourself, or "+
			"replace the pod (terraform apply -replace=ADDRESS, which loses its container disk). A pod created by this "+
			"same apply gets the key only if it is created after the key is registered: make it depend on the %s "+
			"resource (depends_on).", which, resourceType))
}
