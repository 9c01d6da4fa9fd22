package providerdata

import "sync"

// TemplatePlans records what the current plan does to templates, so that a
// registry credential or secret planned in the same provider process can
// leave out of its "templates use this" warning the templates that the apply
// itself destroys or stops pointing at it.
//
// It only knows about templates planned before the asker: `terraform
// destroy` plans a template before the credential or secret it depends on
// (Terraform orders destroy plans by the dependencies in state), but a plan
// that drops both from the configuration plans them in no fixed order, so
// the warnings still say that templates destroyed in the same apply are not
// affected.
type TemplatePlans struct {
	mu sync.Mutex
	m  map[string]TemplatePlan
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
