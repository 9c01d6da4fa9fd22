package runpod

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

func ptr[T any](v T) *T { return &v }

func TestUpdateTemplateRequestEncoding(t *testing.T) {
	tests := []struct {
		name string
		req  UpdateTemplateRequest
		want string
	}{
		{"all omitted", UpdateTemplateRequest{}, `{}`},
		{
			"values",
			UpdateTemplateRequest{
				Name: Set("new"), Disk: Set(30), Ports: Set([]string{"22/tcp"}),
				Env: Set(map[string]string{"A": "1"}), Registry: Set(ptr("reg1")),
				StartSSH: Set(false), Public: Set(true),
			},
			`{"name":"new","disk":30,"ports":["22/tcp"],"env":{"A":"1"},"registry":"reg1","public":true,"startSsh":false}`,
		},
		{
			"clearing",
			UpdateTemplateRequest{
				Args: Set(""), Entrypoint: Set[[]string](nil), Cmd: Set([]string{}),
				Ports: Set[[]string](nil), Env: Set[map[string]string](nil),
				Registry: Set[*string](nil), AllowedCudaVersions: Set[[]string](nil),
			},
			`{"args":"","entrypoint":[],"cmd":[],"ports":[],"env":{},"registry":null,"allowedCudaVersions":[]}`,
		},
		{
			"mounts",
			UpdateTemplateRequest{Mounts: Set(TemplateMounts{Persistent: &PersistentMount{Size: 20, Path: "/workspace"}})},
			`{"mounts":{"persistent":{"size":20,"path":"/workspace"}}}`,
		},
		{"empty mounts leave it", UpdateTemplateRequest{Mounts: Set(TemplateMounts{})}, `{"mounts":{}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.req)
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestOptionalGet(t *testing.T) {
	var unset Optional[int]
	if v, ok := unset.Get(); ok || v != 0 || !unset.IsZero() {
		t.Errorf("unset Optional: %v %v", v, ok)
	}
	if v, ok := Set(0).Get(); !ok || v != 0 || Set(0).IsZero() {
		t.Errorf("Set(0): %v %v", v, ok)
	}
}

func TestCreateTemplateRequestEncoding(t *testing.T) {
	got, err := json.Marshal(CreateTemplateRequest{
		Name: "n", Image: "i", Disk: ptr(10), StartSSH: ptr(false),
		Ports: []string{}, Env: map[string]string{"K": "V"},
	})
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	// nil fields are omitted so API defaults apply; a non-nil empty slice is sent.
	want := `{"name":"n","image":"i","disk":10,"ports":[],"env":{"K":"V"},"startSsh":false}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestUpdateTemplateSendsPatch(t *testing.T) {
	var method, path, body string
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		method, path = r.Method, r.URL.EscapedPath()
		b, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("reading body: %v", err)
		}
		body = string(b)
		writeJSON(t, w, http.StatusOK, sampleTemplate("a/b"))
	})
	tpl, err := c.UpdateTemplate(t.Context(), "a/b", UpdateTemplateRequest{Ports: Set[[]string](nil), Registry: Set[*string](nil)})
	if err != nil {
		t.Fatalf("UpdateTemplate: %v", err)
	}
	if method != http.MethodPatch || path != "/v2/templates/a%2Fb" {
		t.Errorf("request = %s %s", method, path)
	}
	if body != `{"ports":[],"registry":null}` {
		t.Errorf("body = %s", body)
	}
	if tpl.ID != "a/b" {
		t.Errorf("ID = %q", tpl.ID)
	}
}

func TestTemplateDecoding(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{
			"id":"9x4m2p7v","name":"web","image":"nginx:1","args":"nginx -g 'daemon off;'",
			"entrypoint":["nginx"],"cmd":["-g","daemon off;"],"disk":25,
			"mounts":{"persistent":{"size":20,"path":"/workspace"}},
			"ports":["80/http"],"env":{"A":"1"},"registry":"6n2k8v4d",
			"serverless":false,"public":true,"category":"CPU",
			"startSsh":false,"startJupyter":true,"allowedCudaVersions":["12.8"],"unknownNewField":1}`)
	})
	tpl, err := c.GetTemplate(t.Context(), "9x4m2p7v")
	if err != nil {
		t.Fatalf("GetTemplate: %v", err)
	}
	if tpl.Name != "web" || tpl.Disk != 25 || tpl.Mounts.Persistent == nil || tpl.Mounts.Persistent.Size != 20 ||
		tpl.Registry == nil || *tpl.Registry != "6n2k8v4d" || !tpl.Public || tpl.Category != "CPU" ||
		tpl.StartSSH || !tpl.StartJupyter || len(tpl.Entrypoint) != 1 || len(tpl.Cmd) != 2 ||
		tpl.Env["A"] != "1" || len(tpl.AllowedCudaVersions) != 1 {
		t.Errorf("decoded %+v", tpl)
	}
}
