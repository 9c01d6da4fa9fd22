package providerdata

import (
	"context"
	"slices"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// TemplatePlans records what the current plan does to templates and to what
// uses them, so that a warning about a use leaves out what the apply itself
// takes away:
//   - a registry credential or secret planned in the same provider process
//     leaves out of its "templates use this" warning the templates that the
//     apply destroys or stops pointing at it (Record, Lookup);
//   - a template leaves out of its "in use" warning the pods, clusters and
//     endpoints that the apply destroys or replaces (RecordUserPlan,
//     UserDestroyed).
//
// It only knows about objects planned before the asker: `terraform destroy`
// plans a template before the credential or secret it depends on, and a pod
// before the template it was created from (Terraform orders destroy plans by
// the dependencies in state, as it orders the deletes), but a plan that
// drops both from the configuration plans them in no fixed order, so the
// warnings still say that what the same apply destroys first is not
// affected.
type TemplatePlans struct {
	mu sync.Mutex
	m  map[string]TemplatePlan
	// destroyed holds the pods, clusters and endpoints (by UserKind and
	// id) that the plan destroys or replaces.
	destroyed map[userKey]bool
	// created holds the templates the plan creates (RecordNew).
	created []NewTemplate
}

// UserKind is a kind of object that can use a template.
type UserKind string

// The kinds that use templates: Runpod refuses to delete a template that a
// pod (a cluster's members included) was created from or that a serverless
// endpoint is bound to.
const (
	UserPod      UserKind = "pod"
	UserCluster  UserKind = "cluster"
	UserEndpoint UserKind = "endpoint"
)

type userKey struct {
	kind UserKind
	id   string
}

// RecordUserPlan notes, from the ModifyPlan of a pod, cluster or endpoint,
// whether the plan destroys or replaces it. Defer it at the top of
// ModifyPlan, so that it sees the replacements ModifyPlan itself asks for.
// It reads only the id from state; a create records nothing.
func (p *TemplatePlans) RecordUserPlan(ctx context.Context, kind UserKind, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if p == nil || req.State.Raw.IsNull() {
		return
	}
	if !req.Plan.Raw.IsNull() && len(resp.RequiresReplace) == 0 {
		return
	}
	var id types.String
	if diags := req.State.GetAttribute(ctx, path.Root("id"), &id); diags.HasError() || id.ValueString() == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.destroyed == nil {
		p.destroyed = map[userKey]bool{}
	}
	p.destroyed[userKey{kind, id.ValueString()}] = true
}

// UserDestroyed reports whether the plan destroys or replaces the object
// of that kind and id, as far as it was planned yet.
func (p *TemplatePlans) UserDestroyed(kind UserKind, id string) bool {
	if p == nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.destroyed[userKey{kind, id}]
}

// TemplatePlan is what one plan does to one template.
type TemplatePlan struct {
	// Destroyed: the template is destroyed (or replaced) by this apply.
	Destroyed bool
	// RegistryChanges: registry_auth_id is planned to change (to another
	// value, to none, or to a value known only at apply).
	RegistryChanges bool
	// EnvAfter is the template's env after the apply when the plan changes
	// it and the new value is known; nil otherwise.
	EnvAfter map[string]string
	// ServerlessAfter is the template's serverless flag after the apply
	// when the plan changes it and the new value is known; nil otherwise.
	ServerlessAfter *bool
}

// Record notes what the plan does to template id; the last record wins.
func (p *TemplatePlans) Record(id string, plan TemplatePlan) {
	if p == nil || id == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.m == nil {
		p.m = map[string]TemplatePlan{}
	}
	p.m[id] = plan
}

// Lookup returns what the plan does to template id, if it was planned yet.
func (p *TemplatePlans) Lookup(id string) (TemplatePlan, bool) {
	if p == nil {
		return TemplatePlan{}, false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	plan, ok := p.m[id]
	return plan, ok
}

// NewTemplate is a template the current plan creates: its id is known only
// after apply, so what references it cannot read it at plan time.
type NewTemplate struct {
	Name string
	// Serverless is the planned serverless flag when ServerlessKnown.
	Serverless, ServerlessKnown bool
}

// RecordNew notes, from a template's ModifyPlan, a template the plan
// creates.
func (p *TemplatePlans) RecordNew(t NewTemplate) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.created = append(p.created, t)
}

// NewTemplates are the templates the plan creates, as far as it was
// planned yet: Terraform plans a template before what references it.
func (p *TemplatePlans) NewTemplates() []NewTemplate {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.created)
}
