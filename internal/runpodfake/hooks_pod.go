package runpodfake

import "fmt"

// SetGPUPrice changes a GPU type's list prices (USD per GPU-hour on Secure
// and Community Cloud), as Runpod does from time to time; pods created
// afterwards cost the new price. Tests use it to check that a price move is
// not shown as a change to existing pods. It panics on an unknown id, a bug
// in the test.
func (f *Fake) SetGPUPrice(gpuTypeID string, secure, community float64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g := f.catalog.gpu(gpuTypeID)
	if g == nil {
		panic(fmt.Sprintf("runpodfake: SetGPUPrice(%q): unknown GPU type", gpuTypeID))
	}
	g.priceSecure, g.priceComm = secure, community
}
