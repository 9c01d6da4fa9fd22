package runpodfake

import (
	"net/http"
	"testing"
)

func TestNetworkVolumeLifecycle(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	r := c.do("POST", "/v2/network-volumes", map[string]any{"name": "weights", "size": 100, "dataCenter": "EU-RO-1"}).
		wantStatus(t, http.StatusCreated)
	created := r.object(t)
	id, _ := created["id"].(string)
	// The tier defaults to the data center's primary one; every field is present.
	mustEqual(t, "created", created, map[string]any{
		"id": id, "name": "weights", "size": float64(100), "dataCenter": "EU-RO-1", "type": "STANDARD",
	})
	mustEqual(t, "GET", c.do("GET", "/v2/network-volumes/"+id, nil).wantStatus(t, http.StatusOK).object(t), created)
	mustEqual(t, "list", c.do("GET", "/v2/network-volumes", nil).wantStatus(t, http.StatusOK).object(t),
		map[string]any{"networkVolumes": []any{created}})

	// Rename and grow; a same-size PATCH is fine.
	got := c.do("PATCH", "/v2/network-volumes/"+id, map[string]any{"name": "weights-2", "size": 200}).
		wantStatus(t, http.StatusOK).object(t)
	mustEqual(t, "patched", []any{got["name"], got["size"]}, []any{"weights-2", float64(200)})
	c.do("PATCH", "/v2/network-volumes/"+id, map[string]any{"size": 200}).wantStatus(t, http.StatusOK)
	stored, _ := f.NetworkVolume(id)
	mustEqual(t, "stored", stored, NetworkVolume{ID: id, Name: "weights-2", Size: 200, DataCenter: "EU-RO-1", Type: "STANDARD"})

	del := c.do("DELETE", "/v2/network-volumes/"+id, nil).wantStatus(t, http.StatusNoContent)
	mustEqual(t, "204 body", len(del.body), 0)
	c.do("GET", "/v2/network-volumes/"+id, nil).wantProblem(t, http.StatusNotFound, "network volume not found")
	c.do("DELETE", "/v2/network-volumes/"+id, nil).wantProblem(t, http.StatusNotFound, "network volume not found")
	c.do("PATCH", "/v2/network-volumes/"+id, map[string]any{"name": "x"}).wantProblem(t, http.StatusNotFound, "")
	mustEqual(t, "empty list", c.do("GET", "/v2/network-volumes", nil).object(t), map[string]any{"networkVolumes": []any{}})
}

func TestNetworkVolumeCreateRefusals(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	ok := map[string]any{"name": "v", "size": 10, "dataCenter": "US-TX-3"}
	with := func(k string, v any) map[string]any {
		m := map[string]any{}
		for k, v := range ok {
			m[k] = v
		}
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	cases := []struct {
		name   string
		body   map[string]any
		status int
		want   string
	}{
		{"v1 field name", map[string]any{"name": "v", "size": 10, "dataCenterId": "US-TX-3"}, 422, "additional properties 'dataCenterId' not allowed"},
		{"missing data center", with("dataCenter", nil), 422, "missing property 'dataCenter'"},
		{"too small", with("size", 9), 422, "$.size: minimum: got 9, want 10"},
		{"too large", with("size", 4097), 422, "$.size: maximum: got 4097, want 4096"},
		{"fractional size", with("size", 10.5), 422, "$.size: got number, want integer"},
		{"empty name", with("name", ""), 422, "$.name: minLength"},
		{"bad tier", with("type", "FAST"), 422, "$.type: value must be one of"},
		{"unknown data center", with("dataCenter", "EU-XX-9"), 400, `data center "EU-XX-9" not found`},
		{"no storage there", with("dataCenter", "EU-SE-1"), 400, "EU-SE-1 does not offer network volumes"},
		{"tier not offered", map[string]any{"name": "v", "size": 10, "dataCenter": "EU-RO-1", "type": "HIGH_PERFORMANCE"}, 400,
			"EU-RO-1 does not offer HIGH_PERFORMANCE network volumes (it offers STANDARD)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			c.do("POST", "/v2/network-volumes", tc.body).wantProblem(t, tc.status, tc.want)
		})
	}
	t.Run("tier offered", func(t *testing.T) {
		c.t = t
		got := c.do("POST", "/v2/network-volumes", with("type", "HIGH_PERFORMANCE")).wantStatus(t, http.StatusCreated).object(t)
		mustEqual(t, "type", got["type"], "HIGH_PERFORMANCE")
		got = c.do("POST", "/v2/network-volumes", with("size", 4096)).wantStatus(t, http.StatusCreated).object(t)
		mustEqual(t, "default type in a two-tier data center", got["type"], "STANDARD")
	})
}

func TestNetworkVolumeUpdateRefusals(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	v := f.SeedNetworkVolume(NetworkVolume{Name: "data", Size: 100, DataCenter: "US-KS-2"})
	path := "/v2/network-volumes/" + v.ID
	cases := []struct {
		name   string
		body   any
		status int
		want   string
	}{
		{"empty body object", map[string]any{}, 422, "$: minProperties: got 0, want 1"},
		{"immutable data center", map[string]any{"dataCenter": "EU-RO-1"}, 422, "additional properties 'dataCenter' not allowed"},
		{"immutable tier", map[string]any{"type": "STANDARD"}, 422, "additional properties 'type' not allowed"},
		{"above maximum", map[string]any{"size": 5000}, 422, "$.size: maximum"},
		{"shrink", map[string]any{"size": 50}, 400, "the volume is 100 GB and network volume storage cannot be reduced"},
		{"no body", "", 400, "request body is required"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			c.do("PATCH", path, tc.body).wantProblem(t, tc.status, tc.want)
		})
	}
	got, _ := f.NetworkVolume(v.ID)
	mustEqual(t, "unchanged after refusals", got, v)
}

func TestNetworkVolumeInUse(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	v := f.SeedNetworkVolume(NetworkVolume{Name: "shared", Size: 50, DataCenter: "CA-MTL-1"})
	f.MarkNetworkVolumeUsedByPod(v.ID, "podbbbbbb2")
	f.MarkNetworkVolumeUsedByPod(v.ID, "podaaaaaa1")
	c.do("DELETE", "/v2/network-volumes/"+v.ID, nil).wantProblem(t, http.StatusBadRequest,
		"You must remove this network volume from all pods before deleting it. In use by pod(s): podaaaaaa1, podbbbbbb2")
	if _, ok := f.NetworkVolume(v.ID); !ok {
		t.Fatal("a refused delete removed the volume")
	}
	f.ReleaseNetworkVolume(v.ID)
	c.do("DELETE", "/v2/network-volumes/"+v.ID, nil).wantStatus(t, http.StatusNoContent)
}

func TestNetworkVolumeOutOfBand(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	v := f.SeedNetworkVolume(NetworkVolume{ID: "vol0000001", Name: "console", Size: 20, DataCenter: "US-TX-3", Type: VolumeTypeHighPerformance})
	mustEqual(t, "seeded", v, NetworkVolume{ID: "vol0000001", Name: "console", Size: 20, DataCenter: "US-TX-3", Type: "HIGH_PERFORMANCE"})

	if !f.UpdateNetworkVolume(v.ID, func(n *NetworkVolume) { n.Size = 40; n.ID = "ignored" }) {
		t.Fatal("UpdateNetworkVolume reported an unknown id")
	}
	var got NetworkVolume
	c.do("GET", "/v2/network-volumes/"+v.ID, nil).wantStatus(t, http.StatusOK).decode(t, &got)
	mustEqual(t, "after console edit", got.Size, 40)

	f.MarkNetworkVolumeUsedByPod(v.ID, "pod0000001")
	if !f.DeleteNetworkVolume(v.ID) {
		t.Fatal("DeleteNetworkVolume reported an unknown id")
	}
	c.do("GET", "/v2/network-volumes/"+v.ID, nil).wantProblem(t, http.StatusNotFound, "")
	if f.DeleteNetworkVolume(v.ID) || f.UpdateNetworkVolume(v.ID, func(*NetworkVolume) {}) {
		t.Fatal("out-of-band hooks accepted a deleted volume")
	}

	mustPanic(t, "duplicate id", func() {
		f.SeedNetworkVolume(NetworkVolume{ID: "vol0000001", Name: "x", Size: 10, DataCenter: "US-KS-2"})
	})
	mustPanic(t, "no storage", func() { f.SeedNetworkVolume(NetworkVolume{Name: "x", Size: 10, DataCenter: "EU-SE-1"}) })
}

func mustPanic(t *testing.T, what string, fn func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Fatalf("%s: no panic", what)
		}
	}()
	fn()
}
