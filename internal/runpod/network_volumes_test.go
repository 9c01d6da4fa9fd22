package runpod

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"testing"
)

func TestNetworkVolumeCalls(t *testing.T) {
	type call struct{ method, path, body string }
	var calls []call
	vol := map[string]any{"id": "agv6w2qcg7", "name": "weights", "size": 100, "dataCenter": "EU-RO-1", "type": "STANDARD"}
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("reading body: %v", err)
		}
		calls = append(calls, call{r.Method, r.URL.EscapedPath(), string(b)})
		switch {
		case r.Method == http.MethodGet && r.URL.Path == "/v2/network-volumes":
			writeJSON(t, w, http.StatusOK, map[string]any{"networkVolumes": []any{vol}})
		case r.Method == http.MethodGet && r.URL.Path == "/v2/network-volumes/gone":
			writeProblem(t, w, http.StatusNotFound, "network volume not found")
		case r.Method == http.MethodGet, r.Method == http.MethodPatch:
			writeJSON(t, w, http.StatusOK, vol)
		case r.Method == http.MethodPost:
			writeJSON(t, w, http.StatusCreated, vol)
		case r.Method == http.MethodDelete && r.URL.Path == "/v2/network-volumes/busy":
			writeProblem(t, w, http.StatusBadRequest, "You must remove this network volume from all pods before deleting it. In use by pod(s): pod1")
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		}
	})
	ctx := t.Context()
	want := NetworkVolume{ID: "agv6w2qcg7", Name: "weights", Size: 100, DataCenter: "EU-RO-1", Type: "STANDARD"}

	list, err := c.ListNetworkVolumes(ctx)
	if err != nil || len(list) != 1 || list[0] != want {
		t.Fatalf("ListNetworkVolumes = %+v, %v", list, err)
	}
	got, err := c.GetNetworkVolume(ctx, "agv6w2qcg7")
	if err != nil || *got != want {
		t.Fatalf("GetNetworkVolume = %+v, %v", got, err)
	}
	if _, err := c.GetNetworkVolume(ctx, "gone"); !IsNotFound(err) {
		t.Fatalf("GetNetworkVolume(gone) = %v, want not found", err)
	}
	if _, err := c.CreateNetworkVolume(ctx, CreateNetworkVolumeRequest{Name: "weights", Size: 100, DataCenter: "EU-RO-1"}); err != nil {
		t.Fatalf("CreateNetworkVolume: %v", err)
	}
	hps := VolumeTypeHighPerformance
	if _, err := c.CreateNetworkVolume(ctx, CreateNetworkVolumeRequest{Name: "fast", Size: 10, DataCenter: "US-TX-3", Type: &hps}); err != nil {
		t.Fatalf("CreateNetworkVolume: %v", err)
	}
	if _, err := c.UpdateNetworkVolume(ctx, "agv6w2qcg7", UpdateNetworkVolumeRequest{Size: Set(200)}); err != nil {
		t.Fatalf("UpdateNetworkVolume: %v", err)
	}
	if err := c.DeleteNetworkVolume(ctx, "agv6w2qcg7"); err != nil {
		t.Fatalf("DeleteNetworkVolume: %v", err)
	}
	err = c.DeleteNetworkVolume(ctx, "busy")
	var apiErr *APIError
	if !IsInUse(err) || !errors.As(err, &apiErr) || apiErr.Detail == "" {
		t.Fatalf("DeleteNetworkVolume(busy) = %v, want in-use refusal with the API's detail", err)
	}

	wantCalls := []call{
		{"GET", "/v2/network-volumes", ""},
		{"GET", "/v2/network-volumes/agv6w2qcg7", ""},
		{"GET", "/v2/network-volumes/gone", ""},
		// dataCenter, not v1's dataCenterId; no type unless asked for.
		{"POST", "/v2/network-volumes", `{"name":"weights","size":100,"dataCenter":"EU-RO-1"}`},
		{"POST", "/v2/network-volumes", `{"name":"fast","size":10,"dataCenter":"US-TX-3","type":"HIGH_PERFORMANCE"}`},
		// Only what changes: an omitted name is left alone.
		{"PATCH", "/v2/network-volumes/agv6w2qcg7", `{"size":200}`},
		{"DELETE", "/v2/network-volumes/agv6w2qcg7", ""},
		{"DELETE", "/v2/network-volumes/busy", ""},
	}
	if len(calls) != len(wantCalls) {
		t.Fatalf("calls = %+v", calls)
	}
	for i := range wantCalls {
		if calls[i] != wantCalls[i] {
			t.Errorf("call %d = %+v, want %+v", i, calls[i], wantCalls[i])
		}
	}
}

func TestUpdateNetworkVolumeRequestEncoding(t *testing.T) {
	for _, tc := range []struct {
		req  UpdateNetworkVolumeRequest
		want string
	}{
		{UpdateNetworkVolumeRequest{}, `{}`},
		{UpdateNetworkVolumeRequest{Name: Set("renamed")}, `{"name":"renamed"}`},
		{UpdateNetworkVolumeRequest{Name: Set("n"), Size: Set(4096)}, `{"name":"n","size":4096}`},
	} {
		got, err := json.Marshal(tc.req)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		if string(got) != tc.want {
			t.Errorf("got %s, want %s", got, tc.want)
		}
	}
}

func TestNetworkVolumeEmptyIDRefused(t *testing.T) {
	c := newTestClient(t, func(http.ResponseWriter, *http.Request) {
		t.Error("a request was sent for an empty id")
	})
	if _, err := c.GetNetworkVolume(t.Context(), ""); err == nil {
		t.Error("GetNetworkVolume(\"\") succeeded")
	}
	if err := c.DeleteNetworkVolume(t.Context(), ""); err == nil {
		t.Error("DeleteNetworkVolume(\"\") succeeded")
	}
}
