package template

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// boundMarker joins an endpoint's name and a random suffix in the name of
// the template Runpod makes for the endpoint and binds to it (API.md
// section 11, "What in use means for templates").
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
	if endpoints := boundEndpoints(ctx, client, name); len(endpoints) > 0 {
		b.WriteString(boundText(endpoints))
	}
	if pods := podsFrom(ctx, client, id); len(pods) > 0 {
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
	const after = " Stop managing this template on its own (a removed block with lifecycle { destroy = false }, or " +
		"terraform state rm). The provider does not delete endpoints for you.\n\n"
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

// boundEndpoints are the endpoints a template named name is bound to: those
// whose name, followed by boundMarker and a suffix, is the template's name.
// None when the name has no marker (no request is sent) or when the
// endpoints cannot be listed.
func boundEndpoints(ctx context.Context, client *runpod.Client, name string) []runpod.Endpoint {
	if !strings.Contains(name, boundMarker) {
		return nil
	}
	all, err := client.ListEndpoints(ctx)
	if err != nil {
		tflog.Debug(ctx, "endpoints unreadable; the in-use error cannot name the template's endpoint", map[string]any{"error": err.Error()})
		return nil
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
	return bound
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
// id, by name; none when the pods cannot be listed.
func podsFrom(ctx context.Context, client *runpod.Client, id string) []runpod.Pod {
	pods, err := client.ListPods(ctx, true)
	if err != nil {
		tflog.Debug(ctx, "pods unreadable; the in-use error cannot name the template's pods", map[string]any{"error": err.Error()})
		return nil
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
	return from
}
