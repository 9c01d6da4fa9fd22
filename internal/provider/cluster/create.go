package cluster

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// clockSkew is how far Runpod's createdAt may run behind this machine's
// clock while still counting a cluster as created by the failed request.
const clockSkew = 2 * time.Minute

// ambiguousCreate resolves a create that failed in transit: the cluster may
// exist and bill. When exactly one cluster with the requested name, type and
// compute appeared since the request began, it is this apply's and is
// adopted (with a warning): a pipeline that re-runs apply must not get a
// second cluster. Otherwise (none, or several that could be someone else's)
// it fails, listing the clusters with that name, marking those created since
// the request began, with the import command; the next apply's twin check
// (refuseRecentTwin) refuses to create another meanwhile.
func ambiguousCreate(ctx context.Context, client *runpod.Client, body runpod.CreateClusterRequest, started time.Time, createErr error) (*runpod.Cluster, diag.Diagnostic) {
	detail := diagnostics.APIErrorDetail("creating "+describeCreate(body), createErr)
	all, err := client.ListClusters(ctx)
	if err != nil {
		detail += fmt.Sprintf("\n\nListing the account's clusters to look for it failed too (%s). Check the Runpod console "+
			"for a cluster named %q before applying again: it would bill until deleted, and applying again would create "+
			"another.", err, body.Name)
		return nil, diag.NewErrorDiagnostic(summaryMaybeCreated, detail)
	}
	var same []runpod.Cluster
	for _, c := range all {
		if c.Name == body.Name {
			same = append(same, c)
		}
	}
	if len(same) == 0 {
		detail += fmt.Sprintf("\n\nNo cluster named %q exists now, so it was most likely not created; applying again is safe.", body.Name)
		return nil, diag.NewErrorDiagnostic(summaryMaybeCreated, detail)
	}
	sort.Slice(same, func(i, j int) bool { return same[i].CreatedAt.After(same[j].CreatedAt) })
	lines := make([]string, len(same))
	var likely []runpod.Cluster
	for i, c := range same {
		recent := !c.CreatedAt.Before(started.Add(-clockSkew)) && c.Compute == body.Compute && c.Type == body.Type
		mark := ""
		if recent {
			mark = " <- created since this apply sent its request, with the same type and compute"
			likely = append(likely, c)
		}
		lines[i] = fmt.Sprintf("  - %s: %s, %d pods × %d %s in %s, created %s%s", c.ID, c.Type, c.Compute.PodCount,
			c.Compute.GPUCountPerPod, c.Compute.GPUTypeID, orDash(c.DataCenterID), c.CreatedAt.UTC().Format(time.RFC3339), mark)
	}
	if len(likely) == 1 {
		adopted := likely[0]
		return &adopted, diag.NewWarningDiagnostic("Cluster Adopted After a Lost Create Reply",
			fmt.Sprintf("%s\n\nExactly one cluster named %q with the requested type and compute appeared since this "+
				"apply sent its request: %s. It is this apply's cluster and is now in state; no second cluster was created.",
				detail, body.Name, adopted.ID))
	}
	importID := same[0].ID
	if len(likely) > 0 {
		importID = likely[0].ID
	}
	detail += fmt.Sprintf("\n\nCluster names are not unique, so the provider does not adopt a cluster by name. Clusters named "+
		"%q now:\n%s\n\nIf one of them is the cluster this apply created, import it instead of applying again (which would "+
		"create another, billed as well):\n\n%s\n\n"+
		"Otherwise delete it in the Runpod console: it bills until deleted.",
		body.Name, strings.Join(lines, "\n"), diagnostics.ImportHint(ResourceType, importID))
	return nil, diag.NewErrorDiagnostic(summaryMaybeCreated, detail)
}

// twinWindow is how long a same-name cluster with the same type and compute
// that this run did not create blocks a create: most likely the cluster of an
// earlier apply whose create reply was lost.
const twinWindow = 10 * time.Minute

// ownClusters holds the clusters this provider instance (one Terraform
// command) created or adopted, so that clusters of one apply that share a
// name are not each other's twins. Keyed by instance, so that providers served
// side by side in one process (tests) do not share it.
var ownClusters sync.Map

type ownCluster struct {
	data any
	id   string
}

// refuseRecentTwin refuses to create a cluster while one with the same name,
// type and compute that this run did not create is younger than twinWindow:
// a pipeline re-running apply after a lost create reply would otherwise pay
// for two clusters. The message names it with the import block.
func refuseRecentTwin(ctx context.Context, client *runpod.Client, owner any, body runpod.CreateClusterRequest) diag.Diagnostic {
	all, err := client.ListClusters(ctx)
	if err != nil {
		return diag.NewErrorDiagnostic("Cannot Check For A Recent Twin Cluster", diagnostics.APIErrorDetail(
			fmt.Sprintf("listing the account's clusters to make sure an earlier apply did not already create %q", body.Name), err))
	}
	var twins []string
	var first string
	for _, c := range all {
		if _, own := ownClusters.Load(ownCluster{owner, c.ID}); own {
			continue
		}
		if c.Name == body.Name && c.Type == body.Type && c.Compute == body.Compute && time.Since(c.CreatedAt) < twinWindow+clockSkew {
			twins = append(twins, fmt.Sprintf("  - %s, created %s", c.ID, c.CreatedAt.UTC().Format(time.RFC3339)))
			if first == "" {
				first = c.ID
			}
		}
	}
	if len(twins) == 0 {
		return nil
	}
	return diag.NewErrorDiagnostic("Recent Identical Cluster Exists", fmt.Sprintf(
		"A cluster named %q with the same type and compute was created less than %s ago and is not managed by this "+
			"configuration:\n%s\n\nIt is most likely the cluster of an earlier apply whose create reply was lost, and it "+
			"bills. The provider does not create a second one. If it is this configuration's cluster, import it:\n\n"+
			"%s\n\nIf it is not, delete it in the Runpod console, wait until it "+
			"is %s old, or give this cluster another name.",
		body.Name, twinWindow, strings.Join(twins, "\n"), diagnostics.ImportHint(ResourceType, first), twinWindow))
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
