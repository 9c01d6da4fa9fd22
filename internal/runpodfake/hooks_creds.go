package runpodfake

// Test accessors for templates, secrets and registry credentials, used to
// assert that a fault left exactly one object of a name (no orphan, no
// duplicate). Read-only: they change nothing in the fake.

// TemplateIDsNamed returns the ids of the account's own templates named name.
func (f *Fake) TemplateIDsNamed(name string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for id, s := range f.tmpls {
		if s.source == "" && s.t.Name == name {
			out = append(out, id)
		}
	}
	return out
}

// SecretIDsNamed returns the ids of the secrets named exactly name.
func (f *Fake) SecretIDsNamed(name string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for id, s := range f.secrets.byID {
		if s.s.Name == name {
			out = append(out, id)
		}
	}
	return out
}

// RegistryIDsNamed returns the ids of the registry credentials named name.
func (f *Fake) RegistryIDsNamed(name string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for id, s := range f.regs {
		if s.r.Name == name {
			out = append(out, id)
		}
	}
	return out
}
