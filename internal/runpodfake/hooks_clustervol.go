package runpodfake

import "sort"

// Clusters returns every cluster in creation order, without counting as a
// read, so that tests can assert how many exist (e.g. that a re-run after a
// lost create reply made no second one).
func (f *Fake) Clusters() []Cluster {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []Cluster{}
	for _, sc := range f.sortedClusters() {
		out = append(out, f.clusterView(sc))
	}
	return out
}

// NetworkVolumes returns every network volume in creation order, without
// counting as a read.
func (f *Fake) NetworkVolumes() []NetworkVolume {
	f.mu.Lock()
	defer f.mu.Unlock()
	all := make([]*storedVolume, 0, len(f.vols))
	for _, s := range f.vols {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	out := make([]NetworkVolume, len(all))
	for i, s := range all {
		out[i] = s.v
	}
	return out
}
