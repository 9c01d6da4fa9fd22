package runpodfake

// ClearFaults disarms every fault not yet consumed, so a test can inject a
// fault for one command and be sure the next command runs against a healthy
// API.
func (f *Fake) ClearFaults() {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	f.faults = nil
}
