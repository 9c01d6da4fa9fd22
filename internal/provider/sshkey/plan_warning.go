package sshkey

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
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
// the pods already running. It is given only when such pods exist: pods
// running now that the key does not reach (their PUBLIC_KEY lacks it), or
// when the pods cannot be listed; it is nil otherwise. key is nil when the
// key is not known until apply. The summary names the key: Terraform folds
// warnings that share a summary into one, and each key's must be read.
func newKeyWarning(ctx context.Context, data *providerdata.Data, attr path.Path, key *publicKey, resourceType string) diag.Diagnostic {
	pods, listed := podsWithoutKey(ctx, data, key)
	if listed && len(pods) == 0 {
		return nil
	}
	summary, which := "New SSH Key Not On Running Pods", "A key known only at apply"
	if key != nil {
		summary += ": " + key.label()
		which = "Key " + key.Fingerprint
	}
	running := "pods already running keep the keys they were created with"
	if listed {
		sort.Strings(pods)
		total, more := len(pods), ""
		if total > maxNamedPods {
			more = fmt.Sprintf(" and %d more", total-maxNamedPods)
			pods = pods[:maxNamedPods]
		}
		running = fmt.Sprintf("the %d pod(s) running now that do not have it (%s%s) keep the keys they were created with",
			total, strings.Join(pods, ", "), more)
	}
	return diag.NewAttributeWarningDiagnostic(attr, summary, fmt.Sprintf(
		"%s is to be registered on the Runpod account (or taken over, if the account already holds it). Runpod "+
			"gives the account's keys to a pod only when the pod is created with start_ssh = true (as its PUBLIC_KEY "+
			"environment variable): %s, and this key will not let you into them. To use it on a running pod, add it to "+
			"that pod's ~/.ssh/authorized_keys yourself, or replace the pod (terraform apply -replace=ADDRESS, which "+
			"loses its container disk). A pod created by this same apply gets the key only if it is created after the "+
			"key is registered: make it depend on the %s resource (depends_on).", which, running, resourceType))
}

// maxNamedPods bounds how many pods the warning names.
const maxNamedPods = 5

// podsWithoutKey names the account's running pods (any status but EXITED
// and TERMINATED: each already has the keys it was created with) whose
// PUBLIC_KEY does not hold key (every running pod when key is nil, not
// known until apply). listed is false when the pods cannot be listed (no
// API key, or the list failed): the caller warns anyway.
func podsWithoutKey(ctx context.Context, data *providerdata.Data, key *publicKey) (names []string, listed bool) {
	if data == nil {
		return nil, false
	}
	if _, d := data.Client(); d.HasError() {
		return nil, false
	}
	pods, err := providerdata.List(ctx, data.Reads(), runpod.Pods)
	if err != nil {
		tflog.Debug(ctx, "cannot list pods for the SSH key warning", map[string]any{"error": err.Error()})
		return nil, false
	}
	for _, p := range pods {
		if p.Status == runpod.PodStatusExited || p.Status == runpod.PodStatusTerminated {
			continue
		}
		if key != nil && holdsKey(p.Env["PUBLIC_KEY"], key.Fingerprint) {
			continue
		}
		names = append(names, fmt.Sprintf("%q (%s)", p.Name, p.ID))
	}
	return names, true
}

// holdsKey reports whether a pod's PUBLIC_KEY (keys one per line) holds
// the key with that fingerprint.
func holdsKey(publicKeys, fp string) bool {
	for _, line := range strings.Split(publicKeys, "\n") {
		if strings.TrimSpace(line) != "" && fingerprintOf(line) == fp {
			return true
		}
	}
	return false
}
