package runpodfake

import (
	"net/http"
	"strings"
	"testing"
)

func TestTemplateCreateDefaults(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	r := c.do("POST", "/v2/templates", map[string]any{"name": "minimal", "image": "ubuntu:24.04"}).
		wantStatus(t, http.StatusCreated)
	got := r.object(t)
	id, _ := got["id"].(string)
	if id == "" {
		t.Fatalf("no id: %s", r.body)
	}
	want := map[string]any{
		"id": id, "name": "minimal", "image": "ubuntu:24.04",
		"args": "", "entrypoint": []any{}, "cmd": []any{},
		"disk": float64(DefaultTemplateDisk), "mounts": map[string]any{},
		"ports": []any{}, "env": map[string]any{}, "registry": nil,
		"serverless": false, "public": false, "category": "NVIDIA",
		"startSsh": true, "startJupyter": true, "allowedCudaVersions": []any{},
	}
	mustEqual(t, "created template", got, want)
	mustEqual(t, "GET", c.do("GET", "/v2/templates/"+id, nil).wantStatus(t, http.StatusOK).object(t), want)
}

func TestTemplateCreateFull(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	reg := f.SeedRegistry(Registry{Name: "dockerhub", Username: "u", Password: "p"})
	body := map[string]any{
		"name": "full", "image": "runpod/pytorch:2", "args": "python -m http.server 'a b'",
		"disk": 20, "env": map[string]any{"A": "1"}, "ports": []any{"8888/http", "22/tcp"},
		"registry": reg.ID, "allowedCudaVersions": []any{"12.8", "12.6"}, "category": "AMD",
		"mounts": map[string]any{"persistent": map[string]any{"size": 20, "path": "/workspace"}},
		"public": true, "serverless": true, "startJupyter": false, "startSsh": false,
	}
	tpl := c.createTemplate(body)
	want := Template{
		ID: tpl.ID, Name: "full", Image: "runpod/pytorch:2", Args: "python -m http.server 'a b'",
		Entrypoint: []string{}, Cmd: []string{"python", "-m", "http.server", "a b"},
		Disk: 20, Env: map[string]string{"A": "1"}, Ports: []string{"8888/http", "22/tcp"},
		Registry: &reg.ID, AllowedCudaVersions: []string{"12.8", "12.6"}, Category: "AMD",
		Mounts: TemplateMounts{Persistent: &PersistentMount{Size: 20, Path: "/workspace"}},
		Public: true, Serverless: true,
	}
	mustEqual(t, "template", tpl, want)
	stored, ok := f.Template(tpl.ID)
	mustEqual(t, "stored", stored, want)
	mustEqual(t, "found", ok, true)
}

func TestTemplateSchemaRefusals(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	valid := func(extra map[string]any) map[string]any {
		m := map[string]any{"name": "n", "image": "i"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	cases := []struct {
		name string
		body any
		want string
	}{
		{"unknown field", valid(map[string]any{"bogus": 1}), "$: additional properties 'bogus' not allowed"},
		{"name missing", map[string]any{"image": "i"}, "$: missing property 'name'"},
		{"both missing", map[string]any{}, "$: missing properties 'name', 'image'"},
		{"empty name", valid(map[string]any{"name": ""}), "$.name: minLength: got 0, want 1"},
		{"null name", valid(map[string]any{"name": nil}), "$.name: got null, want string"},
		{"disk zero", valid(map[string]any{"disk": 0}), "$.disk: minimum: got 0, want 1"},
		{"disk string", valid(map[string]any{"disk": "10"}), "$.disk: got string, want integer"},
		{"disk fraction", valid(map[string]any{"disk": 1.5}), "$.disk: got number, want integer"},
		{"category", valid(map[string]any{"category": "GPU"}), "$.category: value must be one of 'CPU', 'NVIDIA', 'AMD'"},
		{"cuda pattern", valid(map[string]any{"allowedCudaVersions": []any{"12"}}), `$.allowedCudaVersions[0]: '12' does not match pattern '^\d+\.\d+$'`},
		{"network mount", valid(map[string]any{"mounts": map[string]any{"network": []any{}}}), "$.mounts: additional properties 'network' not allowed"},
		{"small volume", valid(map[string]any{"mounts": map[string]any{"persistent": map[string]any{"size": 5, "path": "/w"}}}), "$.mounts.persistent.size: minimum: got 5, want 10"},
		{"partial mount", valid(map[string]any{"mounts": map[string]any{"persistent": map[string]any{"size": 20}}}), "$.mounts.persistent: missing property 'path'"},
		{"ports not array", valid(map[string]any{"ports": "8888/http"}), "$.ports: got string, want array"},
		{"env value", valid(map[string]any{"env": map[string]any{"A": 1}}), "$.env.A: got integer, want string"},
		{"registry number", valid(map[string]any{"registry": 5}), "$.registry: got integer, want string or null"},
		{"entrypoint string", valid(map[string]any{"entrypoint": "sh"}), "$.entrypoint: got string, want array"},
		{"cmd items", valid(map[string]any{"cmd": []any{1}}), "$.cmd[0]: got integer, want string"},
		{"flag string", valid(map[string]any{"startSsh": "yes"}), "$.startSsh: got string, want boolean"},
		{"public null", valid(map[string]any{"public": nil}), "$.public: got null, want boolean"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			c.do("POST", "/v2/templates", tc.body).wantProblem(t, http.StatusUnprocessableEntity, tc.want)
		})
	}
	t.Run("all violations are listed", func(t *testing.T) {
		c.t = t
		p := c.do("POST", "/v2/templates", map[string]any{"name": "", "disk": 0, "x": 1}).
			wantProblem(t, http.StatusUnprocessableEntity, "")
		mustEqual(t, "errors", p.Errors, []string{
			"$: missing property 'image'",
			"$.disk: minimum: got 0, want 1",
			"$.name: minLength: got 0, want 1",
			"$: additional properties 'x' not allowed",
		})
	})
	t.Run("beyond 64 bits", func(t *testing.T) {
		c.t = t
		c.do("POST", "/v2/templates", valid(map[string]any{"disk": 1e30})).wantProblem(t, http.StatusBadRequest, "out of range")
	})
	t.Run("integral float is an integer", func(t *testing.T) {
		c.t = t
		tpl := c.createTemplate(valid(map[string]any{"name": "float-disk", "disk": 30.0}))
		mustEqual(t, "disk", tpl.Disk, 30)
	})
}

func TestTemplateRuleRefusals(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	c.createTemplate(map[string]any{"name": "taken", "image": "i"})
	cases := []struct {
		name string
		body map[string]any
		want string
	}{
		{"duplicate name", map[string]any{"name": "taken", "image": "i"}, "template name must be unique"},
		{"port without protocol", map[string]any{"ports": []any{"8888"}}, `invalid port "8888"`},
		{"udp port", map[string]any{"ports": []any{"22/tcp", "53/udp"}}, `invalid port "53/udp"`},
		{"port zero", map[string]any{"ports": []any{"0/http"}}, "between 1 and 65535"},
		{"port too big", map[string]any{"ports": []any{"70000/tcp"}}, "between 1 and 65535"},
		{"uppercase protocol", map[string]any{"ports": []any{"80/HTTP"}}, `invalid port`},
		{"unknown registry", map[string]any{"registry": "nosuchreg1"}, `registry credential "nosuchreg1" not found`},
		{"empty image", map[string]any{"image": ""}, "image must not be empty"},
		{"args vs cmd", map[string]any{"args": "python app.py", "cmd": []any{"python", "other.py"}}, "different commands"},
		{"args vs entrypoint", map[string]any{"args": "python app.py", "entrypoint": []any{"python"}}, "different commands"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			body := map[string]any{"name": "new-" + strings.ReplaceAll(tc.name, " ", "-"), "image": "img"}
			for k, v := range tc.body {
				body[k] = v
			}
			c.do("POST", "/v2/templates", body).wantProblem(t, http.StatusBadRequest, tc.want)
		})
	}
}

func TestTemplateNotFound(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	c.do("GET", "/v2/templates/nosuchtmpl", nil).wantProblem(t, http.StatusNotFound, "template not found")
	c.do("PATCH", "/v2/templates/nosuchtmpl", map[string]any{"name": "x"}).wantProblem(t, http.StatusNotFound, "template not found")
	c.do("DELETE", "/v2/templates/nosuchtmpl", nil).wantProblem(t, http.StatusNotFound, "template not found")
	// The body is validated before the lookup.
	c.do("PATCH", "/v2/templates/nosuchtmpl", map[string]any{"bogus": 1}).wantProblem(t, http.StatusUnprocessableEntity, "bogus")
}

func TestTemplatePatchSemantics(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	reg := f.SeedRegistry(Registry{Name: "r", Username: "u", Password: "p"})
	reg2 := f.SeedRegistry(Registry{Name: "r2", Username: "u", Password: "p"})
	c.createTemplate(map[string]any{"name": "other", "image": "i"})
	tpl := c.createTemplate(map[string]any{
		"name": "orig", "image": "img:1", "args": "sleep 1", "disk": 10,
		"env": map[string]any{"A": "1", "B": "2"}, "ports": []any{"22/tcp"}, "registry": reg.ID,
		"allowedCudaVersions": []any{"12.8"},
		"mounts":              map[string]any{"persistent": map[string]any{"size": 20, "path": "/workspace"}},
	})
	path := "/v2/templates/" + tpl.ID
	patch := func(body any) Template {
		t.Helper()
		var out Template
		c.do("PATCH", path, body).wantStatus(t, http.StatusOK).decode(t, &out)
		return out
	}

	// An empty body changes nothing.
	mustEqual(t, "after {}", patch(map[string]any{}), tpl)

	// Omitted fields are untouched.
	got := patch(map[string]any{"name": "renamed", "disk": 15})
	want := tpl
	want.Name, want.Disk = "renamed", 15
	mustEqual(t, "rename", got, want)

	// A sent env replaces the whole map.
	got = patch(map[string]any{"env": map[string]any{"C": "3"}})
	mustEqual(t, "env replaced", got.Env, map[string]string{"C": "3"})

	// {} / [] / null clear.
	got = patch(map[string]any{"env": map[string]any{}, "ports": []any{}, "allowedCudaVersions": []any{}, "registry": nil})
	mustEqual(t, "env cleared", got.Env, map[string]string{})
	mustEqual(t, "ports cleared", got.Ports, []string{})
	mustEqual(t, "cuda cleared", got.AllowedCudaVersions, []string{})
	mustEqual(t, "registry cleared", got.Registry, (*string)(nil))
	mustEqual(t, "mount kept", got.Mounts.Persistent, &PersistentMount{Size: 20, Path: "/workspace"})

	// mounts {} leaves the mount; a persistent mount replaces it.
	got = patch(map[string]any{"mounts": map[string]any{}})
	mustEqual(t, "mounts {}", got.Mounts.Persistent, &PersistentMount{Size: 20, Path: "/workspace"})
	got = patch(map[string]any{"mounts": map[string]any{"persistent": map[string]any{"size": 40, "path": "/data"}}})
	mustEqual(t, "mount replaced", got.Mounts.Persistent, &PersistentMount{Size: 40, Path: "/data"})

	// Set a registry again, and the flags.
	got = patch(map[string]any{"registry": reg2.ID, "startSsh": false, "startJupyter": false, "public": true, "serverless": true, "category": "CPU", "image": "img:2"})
	mustEqual(t, "registry", *got.Registry, reg2.ID)
	mustEqual(t, "flags", []any{got.StartSSH, got.StartJupyter, got.Public, got.Serverless, got.Category, got.Image},
		[]any{false, false, true, true, "CPU", "img:2"})

	// Rules on PATCH.
	c.do("PATCH", path, map[string]any{"name": "other"}).wantProblem(t, http.StatusBadRequest, "template name must be unique")
	c.do("PATCH", path, map[string]any{"name": "renamed"}).wantStatus(t, http.StatusOK) // its own name
	c.do("PATCH", path, map[string]any{"ports": []any{"x"}}).wantProblem(t, http.StatusBadRequest, "invalid port")
	c.do("PATCH", path, map[string]any{"registry": "nosuchreg1"}).wantProblem(t, http.StatusBadRequest, "not found")
	c.do("PATCH", path, map[string]any{"image": " "}).wantProblem(t, http.StatusBadRequest, "image must not be empty")
	c.do("PATCH", path, map[string]any{"mounts": map[string]any{"network": []any{map[string]any{"volumeId": "v", "path": "/v"}}}}).
		wantProblem(t, http.StatusUnprocessableEntity, "additional properties 'network' not allowed")
	c.do("PATCH", path, map[string]any{"name": ""}).wantProblem(t, http.StatusUnprocessableEntity, "minLength")
	c.do("PATCH", path, map[string]any{"id": "x"}).wantProblem(t, http.StatusUnprocessableEntity, "additional properties 'id' not allowed")
	c.do("PATCH", path, map[string]any{"disk": nil}).wantProblem(t, http.StatusUnprocessableEntity, "$.disk: got null")
	// A refused PATCH changes nothing.
	now, _ := f.Template(tpl.ID)
	mustEqual(t, "after refusals", now, got)
}

func TestTemplateCommandForms(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	tpl := c.createTemplate(map[string]any{"name": "exec", "image": "i",
		"entrypoint": []any{"/bin/sh", "-c"}, "cmd": []any{"echo <hi> && sleep 1"}})
	mustEqual(t, "args", tpl.Args, `{"entrypoint":["/bin/sh","-c"],"cmd":["echo <hi> && sleep 1"]}`)
	mustEqual(t, "entrypoint", tpl.Entrypoint, []string{"/bin/sh", "-c"})
	mustEqual(t, "cmd", tpl.Cmd, []string{"echo <hi> && sleep 1"})

	path := "/v2/templates/" + tpl.ID
	var got Template
	// cmd alone replaces only cmd.
	c.do("PATCH", path, map[string]any{"cmd": []any{"date"}}).wantStatus(t, http.StatusOK).decode(t, &got)
	mustEqual(t, "args after cmd", got.Args, `{"entrypoint":["/bin/sh","-c"],"cmd":["date"]}`)
	// Sending back everything read (read-modify-write) is allowed.
	c.do("PATCH", path, map[string]any{"args": got.Args, "entrypoint": got.Entrypoint, "cmd": got.Cmd}).wantStatus(t, http.StatusOK)
	// A bare shell string is CMD.
	c.do("PATCH", path, map[string]any{"args": `python "my app.py" --x=1`}).wantStatus(t, http.StatusOK).decode(t, &got)
	mustEqual(t, "shell split", [][]string{got.Entrypoint, got.Cmd}, [][]string{{}, {"python", "my app.py", "--x=1"}})
	c.do("PATCH", path, map[string]any{"args": "python app.py", "cmd": []any{"python", "app.py"}}).wantStatus(t, http.StatusOK)
	c.do("PATCH", path, map[string]any{"args": "python app.py", "cmd": []any{"python"}}).
		wantProblem(t, http.StatusBadRequest, "different commands")
	// [] clears each part; nothing left is "".
	c.do("PATCH", path, map[string]any{"entrypoint": []any{}, "cmd": []any{}}).wantStatus(t, http.StatusOK).decode(t, &got)
	mustEqual(t, "cleared", []any{got.Args, got.Entrypoint, got.Cmd}, []any{"", []string{}, []string{}})
	c.do("PATCH", path, map[string]any{"entrypoint": []any{"tini"}}).wantStatus(t, http.StatusOK).decode(t, &got)
	mustEqual(t, "entrypoint only", got.Args, `{"entrypoint":["tini"]}`)
	c.do("PATCH", path, map[string]any{"args": ""}).wantStatus(t, http.StatusOK).decode(t, &got)
	mustEqual(t, "args cleared", got.Entrypoint, []string{})
}

func TestShellSplit(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		`a b  c`:             {"a", "b", "c"},
		`a 'b c' "d e"`:      {"a", "b c", "d e"},
		`a\ b "x\"y" 'q\'`:   {"a b", `x"y`, `q\`},
		`bash -c "echo \$X"`: {"bash", "-c", "echo $X"},
		`''`:                 {""},
		`"unterminated x`:    {"unterminated x"},
	}
	for in, want := range cases {
		mustEqual(t, in, shellSplit(in), want)
	}
}

func TestTemplateDeleteAndInUse(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	a := c.createTemplate(map[string]any{"name": "a", "image": "i"})
	b := c.createTemplate(map[string]any{"name": "b", "image": "i"})
	f.MarkTemplateUsedByPod(a.ID, "pod1234567")
	f.BindTemplateToEndpoint(b.ID, "endpoint01")
	const inUse = "Template is in use by a pod or serverless endpoint and cannot be deleted"
	p := c.do("DELETE", "/v2/templates/"+a.ID, nil).wantProblem(t, http.StatusBadRequest, inUse)
	mustEqual(t, "detail", p.Detail, inUse)
	c.do("DELETE", "/v2/templates/"+b.ID, nil).wantProblem(t, http.StatusBadRequest, inUse)

	f.ReleaseTemplate(a.ID)
	r := c.do("DELETE", "/v2/templates/"+a.ID, nil).wantStatus(t, http.StatusNoContent)
	mustEqual(t, "204 body", len(r.body), 0)
	mustEqual(t, "204 content type", r.header.Get("Content-Type"), "")
	c.do("GET", "/v2/templates/"+a.ID, nil).wantProblem(t, http.StatusNotFound, "")
	c.do("DELETE", "/v2/templates/"+a.ID, nil).wantProblem(t, http.StatusNotFound, "")
	// Still in use by the endpoint.
	c.do("DELETE", "/v2/templates/"+b.ID, nil).wantProblem(t, http.StatusBadRequest, inUse)
}

func TestTemplateList(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	m := c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK).object(t)
	mustEqual(t, "empty account", m, map[string]any{"templates": []any{}})
	one := c.createTemplate(map[string]any{"name": "one", "image": "i"})
	seeded := f.SeedTemplate(DefaultTemplate("two", "i"))
	var list struct{ Templates []Template }
	c.do("GET", "/v2/templates", nil).decode(t, &list)
	mustEqual(t, "ids in creation order, owned only", []string{list.Templates[0].ID, list.Templates[1].ID}, []string{one.ID, seeded.ID})
	mustEqual(t, "count", len(list.Templates), 2)
}

func TestPublicCatalogTemplates(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	var got Template
	c.do("GET", "/v2/templates/runpod-torch-v280", nil).wantStatus(t, http.StatusOK).decode(t, &got)
	mustEqual(t, "name", got.Name, "Runpod Pytorch 2.8.0")
	mustEqual(t, "public", got.Public, true)
	mustEqual(t, "registry", got.Registry, (*string)(nil))
	c.do("PATCH", "/v2/templates/runpod-torch-v280", map[string]any{"name": "mine"}).wantProblem(t, http.StatusNotFound, "")
	c.do("DELETE", "/v2/templates/runpod-torch-v280", nil).wantProblem(t, http.StatusNotFound, "")

	var list struct{ Templates []Template }
	c.do("GET", "/v2/catalog/templates", nil).wantStatus(t, http.StatusOK).decode(t, &list)
	mustEqual(t, "official ids", ids(list.Templates), []string{"runpod-torch-v280", "runpod-ubuntu"})
	c.do("GET", "/v2/catalog/templates?source=verified", nil).wantStatus(t, http.StatusOK).decode(t, &list)
	mustEqual(t, "verified ids", ids(list.Templates), []string{"runpod-worker-vllm"})
	c.do("GET", "/v2/catalog/templates?source=community", nil).wantStatus(t, http.StatusOK).decode(t, &list)
	mustEqual(t, "community count", len(list.Templates), 1)
	c.do("GET", "/v2/catalog/templates?source=mine", nil).wantProblem(t, http.StatusUnprocessableEntity, "query.source")
	c.do("GET", "/v2/catalog/templates?source=official&source=verified", nil).wantProblem(t, http.StatusUnprocessableEntity, "query.source")

	// Owned templates stay out of the catalog, even when public.
	c.createTemplate(map[string]any{"name": "mine", "image": "i", "public": true})
	c.do("GET", "/v2/catalog/templates?source=community", nil).decode(t, &list)
	mustEqual(t, "community count after", len(list.Templates), 1)
	c.do("GET", "/v2/templates", nil).decode(t, &list)
	mustEqual(t, "owned count", len(list.Templates), 1)
}

func ids(ts []Template) []string {
	out := []string{}
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

func TestTemplateOutOfBandHelpers(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	seeded := f.SeedTemplate(Template{ID: "legacy0001", Name: "legacy", Image: "img", Cmd: []string{"sleep", "infinity"}})
	mustEqual(t, "seed defaults", []any{seeded.Category, seeded.Disk, seeded.Args, seeded.Ports, seeded.StartSSH},
		[]any{"NVIDIA", DefaultTemplateDisk, `{"cmd":["sleep","infinity"]}`, []string{}, false})

	if !f.UpdateTemplate("legacy0001", func(t *Template) { t.Image = "img:drifted"; t.Cmd = []string{"true"} }) {
		t.Fatal("UpdateTemplate: not found")
	}
	var got Template
	c.do("GET", "/v2/templates/legacy0001", nil).wantStatus(t, http.StatusOK).decode(t, &got)
	mustEqual(t, "drift", []any{got.Image, got.Args}, []any{"img:drifted", `{"cmd":["true"]}`})
	mustEqual(t, "update unknown", f.UpdateTemplate("nope", func(*Template) {}), false)

	f.MarkTemplateUsedByPod("legacy0001", "pod")
	mustEqual(t, "out-of-band delete ignores marks", f.DeleteTemplate("legacy0001"), true)
	c.do("GET", "/v2/templates/legacy0001", nil).wantProblem(t, http.StatusNotFound, "")
	mustEqual(t, "delete unknown", f.DeleteTemplate("legacy0001"), false)
	_, ok := f.Template("legacy0001")
	mustEqual(t, "Template after delete", ok, false)

	defer func() {
		if recover() == nil {
			t.Fatal("SeedTemplate with a taken id did not panic")
		}
	}()
	f.SeedTemplate(Template{ID: "runpod-ubuntu", Name: "x", Image: "y"})
}
