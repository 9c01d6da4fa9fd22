package runpodfake

import (
	"net/http"
	"testing"
)

func TestRegistryLifecycle(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	r := c.do("POST", "/v2/registries", map[string]any{"name": "dockerhub", "username": "bob", "password": "s3cret"}).
		wantStatus(t, http.StatusCreated)
	created := r.object(t)
	id, _ := created["id"].(string)
	// Credentials are write-only: only id and name come back.
	mustEqual(t, "created", created, map[string]any{"id": id, "name": "dockerhub"})
	mustEqual(t, "GET", c.do("GET", "/v2/registries/"+id, nil).wantStatus(t, http.StatusOK).object(t), created)
	mustEqual(t, "list", c.do("GET", "/v2/registries", nil).wantStatus(t, http.StatusOK).object(t),
		map[string]any{"registries": []any{created}})
	stored, _ := f.Registry(id)
	mustEqual(t, "stored credentials", []string{stored.Username, stored.Password}, []string{"bob", "s3cret"})

	del := c.do("DELETE", "/v2/registries/"+id, nil).wantStatus(t, http.StatusNoContent)
	mustEqual(t, "204 body", len(del.body), 0)
	c.do("GET", "/v2/registries/"+id, nil).wantProblem(t, http.StatusNotFound, "registry credential not found")
	c.do("DELETE", "/v2/registries/"+id, nil).wantProblem(t, http.StatusNotFound, "registry credential not found")
	mustEqual(t, "empty list", c.do("GET", "/v2/registries", nil).object(t), map[string]any{"registries": []any{}})
}

func TestRegistryRefusals(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	c.do("POST", "/v2/registries", map[string]any{"name": "taken", "username": "u", "password": "p"}).wantStatus(t, http.StatusCreated)
	cases := []struct {
		name   string
		body   map[string]any
		status int
		want   string
	}{
		{"missing password", map[string]any{"name": "n", "username": "u"}, 422, "$: missing property 'password'"},
		{"missing all", map[string]any{}, 422, "$: missing properties 'name', 'username', 'password'"},
		{"empty username", map[string]any{"name": "n", "username": "", "password": "p"}, 422, "$.username: minLength: got 0, want 1"},
		{"unknown field", map[string]any{"name": "n", "username": "u", "password": "p", "url": "docker.io"}, 422, "additional properties 'url' not allowed"},
		{"name type", map[string]any{"name": 1, "username": "u", "password": "p"}, 422, "$.name: got integer, want string"},
		{"duplicate name", map[string]any{"name": "taken", "username": "u", "password": "p"}, 400, "registry credential name must be unique"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			c.do("POST", "/v2/registries", tc.body).wantProblem(t, tc.status, tc.want)
		})
	}
	t.Run("no update operation", func(t *testing.T) {
		c.t = t
		reg := f.SeedRegistry(Registry{Name: "x", Username: "u", Password: "p"})
		r := c.do("PATCH", "/v2/registries/"+reg.ID, map[string]any{"name": "y"})
		r.wantProblem(t, http.StatusMethodNotAllowed, "")
		mustEqual(t, "Allow", r.header.Get("Allow"), "GET, DELETE")
	})
}

func TestRegistryInUseAndTemplateReferences(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	reg := f.SeedRegistry(Registry{Name: "private", Username: "u", Password: "p"})
	tpl := c.createTemplate(map[string]any{"name": "t", "image": "private/img", "registry": reg.ID})
	mustEqual(t, "template registry", *tpl.Registry, reg.ID)

	pod := c.createPod(gpuPodBody(map[string]any{"image": "private/img", "registry": reg.ID}))
	c.do("DELETE", "/v2/registries/"+reg.ID, nil).
		wantProblem(t, http.StatusBadRequest, "Registry credential is in use by a pod and cannot be deleted")
	c.do("DELETE", "/v2/pods/"+jsonStr(t, pod["id"]), nil).wantStatus(t, http.StatusNoContent)

	// A template reference does not block the delete; it silently goes null.
	c.do("DELETE", "/v2/registries/"+reg.ID, nil).wantStatus(t, http.StatusNoContent)
	var got Template
	c.do("GET", "/v2/templates/"+tpl.ID, nil).decode(t, &got)
	mustEqual(t, "template registry after delete", got.Registry, (*string)(nil))

	// Out-of-band delete does the same.
	reg2 := f.SeedRegistry(Registry{ID: "reg0000002", Name: "other", Username: "u", Password: "p"})
	c.do("PATCH", "/v2/templates/"+tpl.ID, map[string]any{"registry": reg2.ID}).wantStatus(t, http.StatusOK)
	mustEqual(t, "DeleteRegistry", f.DeleteRegistry(reg2.ID), true)
	mustEqual(t, "DeleteRegistry again", f.DeleteRegistry(reg2.ID), false)
	c.do("GET", "/v2/templates/"+tpl.ID, nil).decode(t, &got)
	mustEqual(t, "after out-of-band delete", got.Registry, (*string)(nil))
	_, ok := f.Registry(reg2.ID)
	mustEqual(t, "Registry after delete", ok, false)
}
