package runpodfake

import (
	"net/http"
	"testing"
)

// clusterBody2x is a valid create body: two TRAINING pods of one A100 each
// (the default catalog has 16 free CLUSTER A100s in US-KS-2). A nil value in
// extra removes the key.
func clusterBody2x(extra map[string]any) map[string]any {
	m := map[string]any{
		"name": "c", "type": "TRAINING", "image": "img:1",
		"compute": map[string]any{"gpuTypeId": a100, "gpuCountPerPod": 1, "podCount": 2},
	}
	for k, v := range extra {
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	return m
}

func (c *testClient) createCluster(body map[string]any) map[string]any {
	c.t.Helper()
	return c.do("POST", "/v2/clusters", body).wantStatus(c.t, http.StatusCreated).object(c.t)
}

func (c *testClient) clusterPods(id string) []map[string]any {
	c.t.Helper()
	var out []map[string]any
	for _, p := range jsonArr(c.t, c.do("GET", "/v2/clusters/"+id+"/pods", nil).wantStatus(c.t, http.StatusOK).object(c.t)["pods"]) {
		out = append(out, jsonObj(c.t, p))
	}
	return out
}

func TestClusterCreateAndMembers(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 1, 0)
	f.SetSSHKeys("ssh-ed25519 AAAA k")
	got := c.createCluster(map[string]any{
		"name": "slurm", "type": "SLURM", "image": "img:1", "ports": []any{"22/tcp"}, "env": map[string]any{"A": "1"},
		"startSsh": true, "dataCenterIds": []any{"US-TX-3"},
		"compute": map[string]any{"gpuTypeId": h100, "gpuCountPerPod": 8, "podCount": 2},
	})
	id := jsonStr(t, got["id"])
	primary := jsonStr(t, jsonObj(t, got["primary"])["podId"])
	mustEqual(t, "created", got, map[string]any{
		"id": id, "name": "slurm", "type": "SLURM",
		"compute":      map[string]any{"gpuTypeId": h100, "gpuCountPerPod": float64(8), "podCount": float64(2)},
		"dataCenterId": "US-TX-3",
		"pods":         map[string]any{"total": float64(2), "byStatus": map[string]any{"PROVISIONING": float64(2)}},
		"network":      map[string]any{"cidr": "10.65.0.0/16", "vxlanId": float64(100), "vxlanPort": float64(4789)},
		"primary":      map[string]any{"podId": primary, "status": "PROVISIONING"},
		"createdAt":    "2026-06-01T12:00:00Z",
	})
	mustEqual(t, "CLUSTER stock taken", gpuStock(f, h100, "CLUSTER", "SECURE", "US-TX-3"), 48)
	mustEqual(t, "POD stock untouched", gpuStock(f, h100, "POD", "SECURE", "US-TX-3"), 32)

	// A cluster read is a read of its members.
	got = c.do("GET", "/v2/clusters/"+id, nil).wantStatus(t, 200).object(t)
	mustEqual(t, "running", got["pods"], map[string]any{"total": float64(2), "byStatus": map[string]any{"RUNNING": float64(2)}})
	mustEqual(t, "primary", got["primary"], map[string]any{"podId": primary, "status": "RUNNING", "sshEndpoint": "203.0.113.1:20000"})

	members := c.clusterPods(id)
	mustEqual(t, "members", len(members), 2)
	for rank, m := range members {
		role := []string{"SLURM_CONTROLLER", "SLURM_COMPUTE"}[rank]
		mustEqual(t, "membership", m["cluster"], map[string]any{"id": id, "rank": float64(rank), "role": role, "ip": []string{"10.65.0.2", "10.65.0.3"}[rank]})
		mustEqual(t, "member", []any{m["name"], m["image"], m["gpu"], m["cost"], m["cloud"], m["dataCenterId"], m["cudaVersion"], m["env"], m["template"]},
			[]any{[]string{"slurm-0", "slurm-1"}[rank], "img:1", map[string]any{"id": h100, "count": float64(8), "vcpuCount": float64(128), "memory": float64(1280)},
				23.92, "SECURE", "US-TX-3", "12.9", map[string]any{"A": "1", "PUBLIC_KEY": "ssh-ed25519 AAAA k"}, nil})
	}
	mustEqual(t, "primary is rank 0", members[0]["id"], primary)

	// Members are not standalone pods.
	mustEqual(t, "not listed", c.do("GET", "/v2/pods", nil).object(t), map[string]any{"pods": []any{}})
	c.do("PATCH", "/v2/pods/"+primary, map[string]any{"name": "x"}).wantProblem(t, 409, "belongs to a cluster")
	c.do("DELETE", "/v2/pods/"+primary, nil).wantProblem(t, 409, "belongs to a cluster")
	c.podAction(primary, "stop").wantProblem(t, 409, "belongs to a cluster")
	c.podAction(primary, "terminate").wantProblem(t, 409, "belongs to a cluster")

	// Deleting the cluster terminates the members and frees the GPUs.
	r := c.do("DELETE", "/v2/clusters/"+id, nil).wantStatus(t, 204)
	mustEqual(t, "empty 204", len(r.body), 0)
	c.do("GET", "/v2/pods/"+primary, nil).wantProblem(t, 404, "")
	c.do("GET", "/v2/clusters/"+id, nil).wantProblem(t, 404, "Cluster not found")
	c.do("GET", "/v2/clusters/"+id+"/pods", nil).wantProblem(t, 404, "Cluster not found")
	c.do("DELETE", "/v2/clusters/"+id, nil).wantProblem(t, 404, "Cluster not found")
	mustEqual(t, "stock back", gpuStock(f, h100, "CLUSTER", "SECURE", "US-TX-3"), 64)
}

func TestClusterRoles(t *testing.T) {
	t.Parallel()
	_, c, _ := newComputeClient(t, 0, 0)
	for typ, roles := range map[string][]any{
		"RAY": {"RAY_HEAD", "RAY_WORKER", "RAY_WORKER"}, "TRAINING": {nil, nil, nil}, "APPLICATION": {nil, nil, nil},
	} {
		cl := c.createCluster(clusterBody2x(map[string]any{"type": typ, "compute": map[string]any{"gpuTypeId": a100, "gpuCountPerPod": 1, "podCount": 3}}))
		var got []any
		for _, m := range c.clusterPods(jsonStr(t, cl["id"])) {
			got = append(got, jsonObj(t, m["cluster"])["role"])
		}
		mustEqual(t, typ+" roles", got, roles)
	}
}

func TestClusterCreateRefusals(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	tpl := f.SeedTemplate(DefaultTemplate("t", "img"))
	serverless := f.SeedTemplate(Template{Name: "s", Image: "img", Serverless: true})
	volKS := f.SeedNetworkVolume(NetworkVolume{Name: "v", Size: 10, DataCenter: "US-KS-2"})
	volRO := f.SeedNetworkVolume(NetworkVolume{Name: "v", Size: 10, DataCenter: "EU-RO-1"})
	compute := func(gpu string, perPod, pods int) map[string]any {
		return map[string]any{"gpuTypeId": gpu, "gpuCountPerPod": perPod, "podCount": pods}
	}
	netMount := func(id string) map[string]any {
		return map[string]any{"network": []any{map[string]any{"volumeId": id, "path": "/data"}}}
	}
	const capacity = "There are no instances currently available"
	cases := []struct {
		name   string
		body   map[string]any
		status int
		want   string
	}{
		{"registry", clusterBody2x(map[string]any{"registry": "r"}), 422, "'registry' not allowed"},
		{"registry with template", clusterBody2x(map[string]any{"image": nil, "templateId": tpl.ID, "registry": "r"}), 422, "'registry' not allowed"},
		{"cloud", clusterBody2x(map[string]any{"cloud": "SECURE"}), 422, "'cloud' not allowed"},
		{"one pod", clusterBody2x(map[string]any{"compute": compute(a100, 1, 1)}), 422, "$.compute.podCount: minimum"},
		{"251 pods", clusterBody2x(map[string]any{"compute": compute(a100, 1, 251)}), 422, "$.compute.podCount: maximum"},
		{"no compute", clusterBody2x(map[string]any{"compute": nil}), 422, "missing property 'compute'"},
		{"partial compute", clusterBody2x(map[string]any{"compute": map[string]any{"gpuTypeId": a100, "podCount": 2}}), 422, "missing property 'gpuCountPerPod'"},
		{"compute extra", clusterBody2x(map[string]any{"compute": map[string]any{"gpuTypeId": a100, "gpuCountPerPod": 1, "podCount": 2, "cloud": "SECURE"}}), 422, "'cloud' not allowed"},
		{"zero gpus", clusterBody2x(map[string]any{"compute": compute(a100, 0, 2)}), 422, "gpuCountPerPod: minimum"},
		{"type", clusterBody2x(map[string]any{"type": "MPI"}), 422, "$.type: value must be one of"},
		{"brief's clusterType", clusterBody2x(map[string]any{"clusterType": "TRAINING"}), 422, "'clusterType' not allowed"},
		{"empty name", clusterBody2x(map[string]any{"name": ""}), 422, "minLength"},
		{"empty templateId", clusterBody2x(map[string]any{"image": nil, "templateId": ""}), 422, "minLength"},
		{"template and image", clusterBody2x(map[string]any{"templateId": tpl.ID}), 400, "mutually exclusive with image"},
		{"template and mounts", clusterBody2x(map[string]any{"image": nil, "templateId": tpl.ID, "mounts": map[string]any{}}), 400, "mutually exclusive with mounts"},
		{"template and env, ports", clusterBody2x(map[string]any{"image": nil, "templateId": tpl.ID, "env": map[string]any{}, "ports": []any{}}), 400, "env, ports"},
		{"unknown template", clusterBody2x(map[string]any{"image": nil, "templateId": "nosuchtmpl"}), 400, "not found"},
		{"serverless template", clusterBody2x(map[string]any{"image": nil, "templateId": serverless.ID}), 400, "serverless template"},
		{"no image", clusterBody2x(map[string]any{"image": nil}), 400, "image is required unless templateId"},
		{"empty image", clusterBody2x(map[string]any{"image": ""}), 400, "image must not be empty"},
		{"bad port", clusterBody2x(map[string]any{"ports": []any{"80"}}), 400, "invalid port"},
		{"args vs cmd", clusterBody2x(map[string]any{"args": "a", "cmd": []any{"b"}}), 400, "different commands"},
		{"both mounts", clusterBody2x(map[string]any{"mounts": map[string]any{"persistent": map[string]any{"size": 10, "path": "/w"}, "network": []any{map[string]any{"volumeId": volKS.ID, "path": "/n"}}}}), 400, "not both"},
		{"unknown volume", clusterBody2x(map[string]any{"mounts": netMount("nosuchvol0")}), 400, "not found"},
		{"volume outside dataCenterIds", clusterBody2x(map[string]any{"mounts": netMount(volKS.ID), "dataCenterIds": []any{"US-TX-3"}}), 400, "not among dataCenterIds"},
		{"unknown data center", clusterBody2x(map[string]any{"dataCenterIds": []any{"EU-XX-1"}}), 400, "unknown data center"},
		{"above maxCount", clusterBody2x(map[string]any{"compute": compute(h100, 9, 2)}), 400, "exceeds the maximum of 8"},
		{"unknown gpu", clusterBody2x(map[string]any{"compute": compute("NVIDIA B200", 1, 2)}), 400, capacity},
		{"no stock", clusterBody2x(map[string]any{"compute": compute("NVIDIA H200", 1, 2)}), 400, capacity},
		{"too many GPUs in total", clusterBody2x(map[string]any{"compute": compute(h100, 8, 9)}), 400, capacity},
		{"not offered for clusters there", clusterBody2x(map[string]any{"dataCenterIds": []any{"AP-JP-1"}}), 400, capacity},
		{"volume pins a dc without stock", clusterBody2x(map[string]any{"mounts": netMount(volRO.ID)}), 400, capacity},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.do("POST", "/v2/clusters", tc.body).wantProblem(t, tc.status, tc.want)
		})
	}
	mustEqual(t, "nothing created", c.do("GET", "/v2/clusters", nil).object(t), map[string]any{"clusters": []any{}})
	mustEqual(t, "no stock taken", gpuStock(f, a100, "CLUSTER", "SECURE", "US-KS-2"), 16)
}

func TestClusterFromTemplateAndVolume(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	reg := f.SeedRegistry(Registry{Name: "hub", Username: "u", Password: "p"})
	tpl := DefaultTemplate("private", "private/img:1")
	tpl.Registry, tpl.Env, tpl.Ports, tpl.Disk, tpl.StartJupyter, tpl.StartSSH = &reg.ID, map[string]string{"T": "1"}, []string{"22/tcp"}, 80, false, false
	tpl = f.SeedTemplate(tpl)
	cl := c.createCluster(map[string]any{"name": "tc", "type": "APPLICATION", "templateId": tpl.ID, "startJupyter": true,
		"compute": map[string]any{"gpuTypeId": a100, "gpuCountPerPod": 2, "podCount": 2}})
	mustEqual(t, "template kept", cl["template"], tpl.ID)
	for _, m := range c.clusterPods(jsonStr(t, cl["id"])) {
		env := jsonObj(t, m["env"])
		mustEqual(t, "member from template", []any{m["image"], m["registry"], m["template"], m["disk"], m["ports"], env["T"], env["JUPYTER_PASSWORD"] != nil},
			// A member pod's template reads null (API.md §15).
			[]any{"private/img:1", reg.ID, nil, float64(80), []any{"22/tcp"}, "1", true})
	}
	c.do("DELETE", "/v2/templates/"+tpl.ID, nil).wantProblem(t, 400, "in use")
	c.do("DELETE", "/v2/registries/"+reg.ID, nil).wantProblem(t, 400, "in use")
	c.do("DELETE", "/v2/clusters/"+jsonStr(t, cl["id"]), nil).wantStatus(t, 204)
	c.do("DELETE", "/v2/templates/"+tpl.ID, nil).wantStatus(t, 204)
	c.do("DELETE", "/v2/registries/"+reg.ID, nil).wantStatus(t, 204)

	vol := f.SeedNetworkVolume(NetworkVolume{Name: "v", Size: 10, DataCenter: "US-KS-2"})
	cl = c.createCluster(clusterBody2x(map[string]any{"mounts": map[string]any{"network": []any{map[string]any{"volumeId": vol.ID, "path": "/data"}}}}))
	if _, ok := cl["template"]; ok {
		t.Errorf("template key without a template: %v", cl)
	}
	for _, m := range c.clusterPods(jsonStr(t, cl["id"])) {
		mustEqual(t, "member mount", m["mounts"], map[string]any{"network": []any{map[string]any{"volumeId": vol.ID, "path": "/data"}}})
	}
	c.do("DELETE", "/v2/network-volumes/"+vol.ID, nil).wantProblem(t, 400, "remove this network volume")
	f.DeleteCluster(jsonStr(t, cl["id"]))
	c.do("DELETE", "/v2/network-volumes/"+vol.ID, nil).wantStatus(t, 204)
}

func TestClusterRename(t *testing.T) {
	t.Parallel()
	_, c, _ := newComputeClient(t, 0, 0)
	id := jsonStr(t, c.createCluster(clusterBody2x(nil))["id"])
	path := "/v2/clusters/" + id
	got := c.do("PATCH", path, map[string]any{"name": "renamed"}).wantStatus(t, 200).object(t)
	mustEqual(t, "renamed", got["name"], "renamed")
	mustEqual(t, "read back", c.do("GET", path, nil).object(t)["name"], "renamed")
	for _, tc := range []struct {
		name   string
		path   string
		body   map[string]any
		status int
		want   string
	}{
		{"empty body", path, map[string]any{}, 422, "minProperties"},
		{"empty name", path, map[string]any{"name": ""}, 422, "minLength"},
		{"compute", path, map[string]any{"compute": map[string]any{"podCount": 4}}, 422, "'compute' not allowed"},
		{"name and type", path, map[string]any{"name": "x", "type": "RAY"}, 422, "'type' not allowed"},
		{"image", path, map[string]any{"image": "x"}, 422, "'image' not allowed"},
		{"unknown", "/v2/clusters/nosuchclu0", map[string]any{"name": "x"}, 404, "Cluster not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.do("PATCH", tc.path, tc.body).wantProblem(t, tc.status, tc.want)
		})
	}
}

func TestClusterHooks(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 2, 0)
	id := jsonStr(t, c.createCluster(clusterBody2x(nil))["id"])
	stock := func() int { return gpuStock(f, a100, "CLUSTER", "SECURE", "US-KS-2") }
	mustEqual(t, "taken", stock(), 14)

	mustEqual(t, "scale up", f.ScaleCluster(id, 4), true)
	cl, _ := f.Cluster(id)
	mustEqual(t, "scaled up", []any{cl.Compute.PodCount, cl.Pods.Total, cl.Pods.ByStatus[PodStatusProvisioning], stock()}, []any{4, 4, 4, 12})
	var ranks []any
	for _, m := range c.clusterPods(id) {
		ranks = append(ranks, jsonObj(t, m["cluster"])["rank"])
	}
	mustEqual(t, "ranks", ranks, []any{float64(0), float64(1), float64(2), float64(3)})
	mustEqual(t, "scale down", f.ScaleCluster(id, 2), true)
	cl, _ = f.Cluster(id)
	mustEqual(t, "scaled down", []any{cl.Compute.PodCount, cl.Pods.Total, stock()}, []any{2, 2, 14})

	// Losing the primary out of band drops the primary block.
	f.DeletePod(cl.Primary.PodID)
	got := c.do("GET", "/v2/clusters/"+id, nil).object(t)
	mustEqual(t, "no primary", got["primary"], nil)
	mustEqual(t, "one left", jsonObj(t, got["pods"])["total"], float64(1))
	mustEqual(t, "rank 0 re-added by scaling", f.ScaleCluster(id, 2), true)
	cl, _ = f.Cluster(id)
	mustEqual(t, "primary back", cl.Primary != nil && cl.Pods.Total == 2, true)

	mustEqual(t, "rename", f.RenameCluster(id, "console-name"), true)
	mustEqual(t, "renamed", c.do("GET", "/v2/clusters/"+id, nil).object(t)["name"], "console-name")
	mustEqual(t, "delete", f.DeleteCluster(id), true)
	mustEqual(t, "gone", []bool{f.DeleteCluster(id), f.RenameCluster(id, "x"), f.ScaleCluster(id, 3)}, []bool{false, false, false})
	mustEqual(t, "all returned", stock(), 16)
	if _, ok := f.Cluster(id); ok {
		t.Error("deleted cluster still readable")
	}
}
