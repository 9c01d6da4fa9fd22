package runpodfake

import "testing"

func TestInventoryListsOwnedObjectsAndDigestsChanges(t *testing.T) {
	f := New()
	v := f.SeedNetworkVolume(NetworkVolume{Name: "data", Size: 10, DataCenter: "EU-RO-1"})
	s := f.SeedSecret(Secret{Name: "token", Value: "hunter2"})
	f.SetSSHKeys("ssh-ed25519 AAAA k")
	before := f.Inventory()
	want := []string{"network_volume/" + v.ID, "secret/" + s.ID, "ssh_key/ssh-ed25519 AAAA k"}
	if len(before) != len(want) {
		t.Fatalf("Inventory() = %v, want %v", before, want)
	}
	for i, o := range before {
		if o.Key() != want[i] {
			t.Errorf("object %d is %s, want %s", i, o.Key(), want[i])
		}
		if o.Digest == "" || o.Digest == "hunter2" {
			t.Errorf("object %s has digest %q", o.Key(), o.Digest)
		}
	}
	f.UpdateNetworkVolume(v.ID, func(nv *NetworkVolume) { nv.Size = 20 })
	after := f.Inventory()
	if after[0].Digest == before[0].Digest {
		t.Error("a grown volume kept its digest")
	}
	if after[1].Digest != before[1].Digest {
		t.Error("an untouched secret changed digest")
	}
}
