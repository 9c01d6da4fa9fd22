package providerdata

// Pending creates met by this process's refresh.
//
// A create whose reply was lost and whose look-up failed too is kept in
// state with no id (package pendingcreate). Terraform marks it tainted, and
// plans a tainted object as a new one: the plan of its replacement gets no
// prior state and no private state, so it cannot tell that it is the
// pending create's. The refresh, which does see the pending state, notes
// here what it found (NotePending), and the duplicate guard of the
// replacement's create plan (safecreate.GuardPlan) refuses while the
// objects the pending create may have made exist.

// PendingNote is what the refresh of a pending create found: the ids of
// the objects that appeared since its create was sent and that no address
// managed then (candidates), or the error of a list that failed (Err).
// Cost says what each candidate may bill ("" when not known).
type PendingNote struct {
	Candidates []string
	Cost       string
	Err        error
}

// NotePending records what the refresh of the pending create of kind named
// name found.
func (d *Data) NotePending(kind, name string, n PendingNote) {
	if d == nil {
		return
	}
	d.pendingMu.Lock()
	defer d.pendingMu.Unlock()
	if d.pending == nil {
		d.pending = map[string]PendingNote{}
	}
	key := kind + "\x00" + name
	if prior, ok := d.pending[key]; ok && prior.Err == nil && n.Err == nil {
		// Two pending creates of one name (a count set): either may have
		// made any of the objects.
		n.Candidates = append(prior.Candidates, n.Candidates...)
	}
	d.pending[key] = n
}

// Pending is what the refresh of this process found for a pending create
// of kind named name, if it met one.
func (d *Data) Pending(kind, name string) (PendingNote, bool) {
	if d == nil {
		return PendingNote{}, false
	}
	d.pendingMu.Lock()
	defer d.pendingMu.Unlock()
	n, ok := d.pending[kind+"\x00"+name]
	return n, ok
}
