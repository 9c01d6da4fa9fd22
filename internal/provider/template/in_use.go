package template

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// boundMarker joins an endpoint's name and a random suffix in the name of
// the template Runpod makes for the endpoint and binds to it, which is in
// use for as long as the endpoint exists.
const boundMarker = "__template__"

// genericInUseRemedy is what a refused delete says when the provider cannot
// name what uses the template.
const genericInUseRemedy = "Terminate the pods created from it and delete or re-point the serverless endpoints bound " +
	"to it, then destroy again. The provider does not detach or delete them for you."

// inUseRemedy explains why Runpod refused to delete template name (id): it
// names the endpoints the template is bound to (their own template, named
// `<endpoint name>__template__<suffix>`, which Runpod deletes with them) and
// the pods created from it. Runpod's refusal names neither, so the provider
// lists them; a list that fails only leaves its part out, and when nothing
// could be named the generic remedy is given.
func inUseRemedy(ctx context.Context, client *runpod.Client, id, name string) string {
	var b strings.Builder
	l := clientLists(client)
	endpoints, err := boundEndpoints(ctx, l, name)
	if err != nil {
		tflog.Debug(ctx, "endpoints unreadable; the in-use error cannot name the template's endpoint", map[string]any{"error": err.Error()})
	}
	if len(endpoints) > 0 {
		b.WriteString(boundText(endpoints))
	}
	pods, err := podsFrom(ctx, l, id)
	if err != nil {
		tflog.Debug(ctx, "pods unreadable; the in-use error cannot name the template's pods", map[string]any{"error": err.Error()})
	}
	if len(pods) > 0 {
		list := make([]string, len(pods))
		for i, p := range pods {
			list[i] = fmt.Sprintf("  - pod %q (%s)", p.Name, p.ID)
		}
		fmt.Fprintf(&b, "Pods created from it:\n\n%s\n\nTerminate these pods, then destroy again. The provider does "+
			"not terminate pods for you.\n\n", strings.Join(list, "\n"))
	}
	if b.Len() == 0 {
		return genericInUseRemedy
	}
	return strings.TrimSuffix(b.String(), "\n\n")
}

// boundText says which endpoint the template is bound to and what to do.
// Names need not be unique, so more than one endpoint may match.
func boundText(endpoints []runpod.Endpoint) string {
	named := func(e runpod.Endpoint) string { return fmt.Sprintf("endpoint %q (%s)", e.Name, e.ID) }
	naming := "(Runpod names an endpoint's own template <endpoint name>" + boundMarker + "<suffix>)"
	const after = " Or stop managing this template on its own: a removed block with lifecycle { destroy = false } " +
		"(below), or terraform state rm. The provider does not delete endpoints for you.\n\n"
	if len(endpoints) == 1 {
		e := named(endpoints[0])
		return "It is the template Runpod made for serverless " + e + " and binds to it " + naming + ". Runpod " +
			"deletes it together with that endpoint and refuses to delete it on its own.\n\n" +
			"Destroy the endpoint instead: deleting " + e + " deletes this template too." + after
	}
	list := make([]string, len(endpoints))
	for i, e := range endpoints {
		list[i] = "  - " + named(e)
	}
	return "It is the template Runpod made for a serverless endpoint and binds to it " + naming + "; these " +
		"endpoints have that name:\n\n" + strings.Join(list, "\n") + "\n\nRunpod deletes it together with its " +
		"endpoint and refuses to delete it on its own.\n\nDestroy that endpoint instead: deleting it deletes this " +
		"template too." + after
}

// removedWayOut is the way out of a refused template delete that keeps
// everything as it is: stop managing template name without deleting it.
// The provider does not know the resource's address (Terraform shows it
// with a plan warning, not with an apply error), so it names the template.
func removedWayOut(name string) string {
	return fmt.Sprintf("To keep template %q in Runpod and only stop managing it, write a removed block in place of its "+
		"resource block, with its address in from, and apply:\n\n"+
		"  removed {\n"+
		"    from = runpod_template.<label>\n"+
		"    lifecycle {\n"+
		"      destroy = false\n"+
		"    }\n"+
		"  }\n\n"+
		"Removed blocks need Terraform 1.7 or OpenTofu 1.7 or later; with older versions use terraform state rm.", name)
}

// lists are the account lists that say what uses a template: the client's
// own requests at apply, the plan's shared ones (providerdata.Reads) at
// plan.
type lists struct {
	pods      func(context.Context) ([]runpod.Pod, error)
	endpoints func(context.Context) ([]runpod.Endpoint, error)
}

func clientLists(c *runpod.Client) lists {
	return lists{
		pods:      func(ctx context.Context) ([]runpod.Pod, error) { return runpod.Pods.List(c, ctx) },
		endpoints: c.ListEndpoints,
	}
}

// boundEndpoints are the endpoints a template named name is bound to: those
// whose name, followed by boundMarker and a suffix, is the template's name.
// None, and no request, when the name has no marker.
func boundEndpoints(ctx context.Context, l lists, name string) ([]runpod.Endpoint, error) {
	if !strings.Contains(name, boundMarker) {
		return nil, nil
	}
	all, err := l.endpoints(ctx)
	if err != nil {
		return nil, err
	}
	var bound []runpod.Endpoint
	for _, e := range all {
		if boundTo(name, e.Name) {
			bound = append(bound, e)
		}
	}
	sort.Slice(bound, func(i, j int) bool {
		if bound[i].Name != bound[j].Name {
			return bound[i].Name < bound[j].Name
		}
		return bound[i].ID < bound[j].ID
	})
	return bound, nil
}

// boundTo reports whether templateName is the name Runpod gives the
// template of an endpoint named endpointName: the endpoint's name,
// boundMarker, then a suffix that has no marker of its own (so that "a" does
// not claim the template of an endpoint named "a__template__b").
func boundTo(templateName, endpointName string) bool {
	suffix, ok := strings.CutPrefix(templateName, endpointName+boundMarker)
	return ok && suffix != "" && !strings.Contains(suffix, boundMarker)
}

// podsFrom are the pods (cluster members included) created from template
// id, by name.
func podsFrom(ctx context.Context, l lists, id string) ([]runpod.Pod, error) {
	pods, err := l.pods(ctx)
	if err != nil {
		return nil, err
	}
	var from []runpod.Pod
	for _, p := range pods {
		if p.Template != nil && *p.Template == id {
			from = append(from, p)
		}
	}
	sort.Slice(from, func(i, j int) bool {
		if from[i].Name != from[j].Name {
			return from[i].Name < from[j].Name
		}
		return from[i].ID < from[j].ID
	})
	return from, nil
}

// warnInUse warns, when the plan destroys the template, naming the pods and
// serverless endpoints that still use it: Runpod will refuse the delete at
// apply. What this apply destroys before the template is left out
// (providerdata.TemplatePlans: a destroy plans a pod before the template it
// was created from). Checking is best effort: it never fails a plan.
func (r *templateResource) warnInUse(ctx context.Context, state templateModel, diags *diag.Diagnostics) {
	if _, d := r.Data.Client(); d.HasError() {
		tflog.Debug(ctx, "no API client at plan time; not checking what uses the template")
		return
	}
	id, name := state.ID.ValueString(), state.Name.ValueString()
	reads := r.Data.Reads()
	l := lists{
		pods: func(ctx context.Context) ([]runpod.Pod, error) { return providerdata.List(ctx, reads, runpod.Pods) },
		endpoints: func(ctx context.Context) ([]runpod.Endpoint, error) {
			return providerdata.List(ctx, reads, runpod.Endpoints)
		},
	}
	endpoints, endpointsErr := boundEndpoints(ctx, l, name)
	pods, podsErr := podsFrom(ctx, l, id)
	if err := errors.Join(endpointsErr, podsErr); err != nil {
		diags.AddWarning("Cannot Check Whether The Template Is In Use", diagnostics.APIErrorDetail(
			fmt.Sprintf("listing pods and endpoints to find what uses template %q", name), err))
	}
	plans := r.Data.TemplatePlans()
	var uses, handled []string
	var podUses, endpointUses int
	for _, e := range endpoints {
		line := fmt.Sprintf("  - serverless endpoint %q (%s), which Runpod made this template for and binds to it", e.Name, e.ID)
		if plans.UserDestroyed(providerdata.UserEndpoint, e.ID) {
			handled = append(handled, line)
			continue
		}
		uses = append(uses, line)
		endpointUses++
	}
	for _, p := range pods {
		line := fmt.Sprintf("  - pod %q (%s), created from it", p.Name, p.ID)
		inCluster := p.Cluster != nil && p.Cluster.ID != ""
		if inCluster {
			line = fmt.Sprintf("  - pod %q (%s) of cluster %s, created from it", p.Name, p.ID, p.Cluster.ID)
		}
		if plans.UserDestroyed(providerdata.UserPod, p.ID) || (inCluster && plans.UserDestroyed(providerdata.UserCluster, p.Cluster.ID)) {
			handled = append(handled, line)
			continue
		}
		uses = append(uses, line)
		podUses++
	}
	if len(uses) == 0 {
		if len(handled) > 0 {
			tflog.Debug(ctx, "everything that uses the template is destroyed before it by this plan", map[string]any{"users": len(handled)})
		}
		return
	}
	var todo []string
	if podUses > 0 {
		todo = append(todo, "terminate the pods (a cluster's pods with their cluster) or create them from another "+
			"template, which replaces them")
	}
	if endpointUses > 0 {
		todo = append(todo, "destroy the endpoint, which deletes this template too")
	}
	detail := fmt.Sprintf("Destroying template %q (%s) will fail at apply: Runpod refuses to delete a template that a pod "+
		"was created from or that a serverless endpoint is bound to, and these still use it:\n\n%s\n\n"+
		"Free it first, in the configuration that manages them or in the console: %s. The provider does not do this "+
		"for you.\n\n%s",
		name, id, strings.Join(uses, "\n"), strings.Join(todo, "; "), removedWayOut(name))
	if len(handled) > 0 {
		detail += fmt.Sprintf("\n\nNot listed: what this apply destroys before the template:\n\n%s", strings.Join(handled, "\n"))
	}
	// The name in the summary keeps Terraform from folding the warnings of
	// several templates into one.
	diags.AddWarning(fmt.Sprintf("Template Is In Use: %q", name), detail)
}
