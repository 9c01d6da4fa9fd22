package cluster

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// clockSkew is how far Runpod's createdAt may run behind this machine's
// clock while still counting a cluster as created by the failed request.
const clockSkew = 2 * time.Minute

// ambiguousCreate explains a create that failed in transit: the cluster may
// exist and bill. Cluster names are not unique, so the provider does not
// adopt a cluster found by name (it could be someone else's, which
// Terraform would then destroy on the next replace or destroy); it lists
// the clusters with that name, marks those created since the request
// began, and gives the import command. Failing costs a manual import; a
// wrong adoption could cost someone else's cluster.
func ambiguousCreate(ctx context.Context, client *runpod.Client, body runpod.CreateClusterRequest, started time.Time, createErr error) diag.Diagnostic {
	detail := diagnostics.APIErrorDetail("creating "+describeCreate(body), createErr)
	all, err := client.ListClusters(ctx)
	if err != nil {
		detail += fmt.Sprintf("\n\nListing the account's clusters to look for it failed too (%s). Check the Runpod console "+
			"for a cluster named %q before applying again: it would bill until deleted, and applying again would create "+
			"another.", err, body.Name)
		return diag.NewErrorDiagnostic(summaryMaybeCreated, detail)
	}
	var same []runpod.Cluster
	for _, c := range all {
		if c.Name == body.Name {
			same = append(same, c)
		}
	}
	if len(same) == 0 {
		detail += fmt.Sprintf("\n\nNo cluster named %q exists now, so it was most likely not created; applying again is safe.", body.Name)
		return diag.NewErrorDiagnostic(summaryMaybeCreated, detail)
	}
	sort.Slice(same, func(i, j int) bool { return same[i].CreatedAt.After(same[j].CreatedAt) })
	lines := make([]string, len(same))
	var likely []string
	for i, c := range same {
		recent := !c.CreatedAt.Before(started.Add(-clockSkew)) && c.Compute == body.Compute && c.Type == body.Type
		mark := ""
		if recent {
			mark = " <- created since this apply sent its request, with the same type and compute"
			likely = append(likely, c.ID)
		}
		lines[i] = fmt.Sprintf("  - %s: %s, %d pods × %d %s in %s, created %s%s", c.ID, c.Type, c.Compute.PodCount,
			c.Compute.GPUCountPerPod, c.Compute.GPUTypeID, orDash(c.DataCenterID), c.CreatedAt.UTC().Format(time.RFC3339), mark)
	}
	importID := same[0].ID
	if len(likely) > 0 {
		importID = likely[0]
	}
	detail += fmt.Sprintf("\n\nCluster names are not unique, so the provider does not adopt a cluster by name. Clusters named "+
		"%q now:\n%s\n\nIf one of them is the cluster this apply created, import it instead of applying again (which would "+
		"create another, billed as well):\n\n  terraform import %s.NAME %s\n\nor add an import block with that id. "+
		"Otherwise delete it in the Runpod console: it bills until deleted.",
		body.Name, strings.Join(lines, "\n"), ResourceType, importID)
	return diag.NewErrorDiagnostic(summaryMaybeCreated, detail)
}

func orDash(s string) string {
	if s == "" {
		return "a data center not yet assigned"
	}
	return s
}

// noRegistryOnClusters rejects registry_auth_id with the way to do what
// the user meant: Runpod's cluster API has no registry field (a body with
// one is refused), and a private image reaches a cluster only through a
// template that carries the credential.
type noRegistryOnClusters struct{}

func (noRegistryOnClusters) Description(context.Context) string {
	return "must not be set: clusters take a private image only through template_id"
}

func (v noRegistryOnClusters) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (noRegistryOnClusters) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Clusters Take No Registry Credential",
		"Runpod's cluster API has no registry field, so a cluster cannot pull a private image with registry_auth_id. "+
			"Create a runpod_template with the image and registry_auth_id (the template carries the credential), set "+
			"template_id to it, and remove registry_auth_id and the inline container settings from the cluster.")
}
