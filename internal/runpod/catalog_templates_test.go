package runpod

import (
	"net/http"
	"testing"
)

func TestListPublicTemplates(t *testing.T) {
	c, calls := recordingServer(t, func(w http.ResponseWriter, r *http.Request) {
		if s := r.URL.Query().Get("source"); s == "bogus" {
			writeProblem(t, w, http.StatusUnprocessableEntity, "query.source: value must be one of 'official', 'verified', 'community'")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"templates":[{"id":"runpod-torch-v280","name":"Runpod Pytorch 2.8.0",
			"image":"runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404","args":"","disk":50,"mounts":{},"ports":["8888/http","22/tcp"],
			"env":{},"registry":null,"serverless":false,"public":true,"category":"NVIDIA","startSsh":true,"startJupyter":true,"allowedCudaVersions":[]}]}`))
	})
	got, err := c.ListPublicTemplates(t.Context(), "")
	if err != nil || len(got) != 1 || got[0].ID != "runpod-torch-v280" || got[0].Disk != 50 || len(got[0].Ports) != 2 || !got[0].StartJupyter {
		t.Fatalf("ListPublicTemplates = %+v, %v", got, err)
	}
	if _, err := c.ListPublicTemplates(t.Context(), TemplateSourceCommunity); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListPublicTemplates(t.Context(), "bogus"); err == nil {
		t.Error("an unknown source succeeded")
	}
	wantCalls(t, *calls, []recordedCall{
		{"GET", publicTemplatesPath, "", ""},
		{"GET", publicTemplatesPath, "source=community", ""},
		{"GET", publicTemplatesPath, "source=bogus", ""},
	})
	mustParams(t, "GET", publicTemplatesPath, []string{"source"})
}
