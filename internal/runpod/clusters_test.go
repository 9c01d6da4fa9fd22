package runpod

import (
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

const clusterJSON = `{"id":"5c2n8m4q","name":"slurm","type":"SLURM",
	"compute":{"gpuTypeId":"NVIDIA H100 80GB HBM3","gpuCountPerPod":8,"podCount":2},
	"template":"9x4m2p7v","dataCenterId":"US-TX-3",
	"pods":{"total":2,"byStatus":{"RUNNING":1,"PROVISIONING":1}},
	"network":{"cidr":"10.65.0.0/16","vxlanId":100,"vxlanPort":4789},
	"primary":{"podId":"7h9k2m4n6p","status":"RUNNING","sshEndpoint":"203.0.113.1:20000"},
	"createdAt":"2026-06-01T12:00:00Z"}`

func TestClusterDecoding(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/bare") {
			// Everything optional omitted, as before placement.
			_, _ = io.WriteString(w, `{"id":"b","name":"n","type":"TRAINING","compute":{"gpuTypeId":"g","gpuCountPerPod":1,"podCount":2},
				"pods":{"total":0,"byStatus":{}},"createdAt":"2026-06-01T12:00:00Z"}`)
			return
		}
		_, _ = io.WriteString(w, clusterJSON)
	})
	got, err := c.GetCluster(t.Context(), "5c2n8m4q")
	if err != nil {
		t.Fatalf("GetCluster: %v", err)
	}
	want := &Cluster{
		ID: "5c2n8m4q", Name: "slurm", Type: ClusterTypeSlurm,
		Compute:  ClusterCompute{GPUTypeID: "NVIDIA H100 80GB HBM3", GPUCountPerPod: 8, PodCount: 2},
		Template: "9x4m2p7v", DataCenterID: "US-TX-3",
		Pods:      ClusterPods{Total: 2, ByStatus: map[string]int{PodStatusRunning: 1, PodStatusProvisioning: 1}},
		Network:   &ClusterNetwork{CIDR: "10.65.0.0/16", VXLANID: ptr(100), VXLANPort: ptr(4789)},
		Primary:   &ClusterPrimary{PodID: "7h9k2m4n6p", Status: PodStatusRunning, SSHEndpoint: "203.0.113.1:20000"},
		CreatedAt: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded %+v\nwant    %+v", got, want)
	}
	bare, err := c.GetCluster(t.Context(), "bare")
	if err != nil {
		t.Fatalf("GetCluster(bare): %v", err)
	}
	if bare.Template != "" || bare.DataCenterID != "" || bare.Network != nil || bare.Primary != nil || len(bare.Pods.ByStatus) != 0 {
		t.Errorf("omitted fields: %+v", bare)
	}
}

func TestClusterTypesMatchSpec(t *testing.T) {
	checkSpecFields(t, reflect.TypeOf(Cluster{}), "Cluster")
	checkSpecFields(t, reflect.TypeOf(CreateClusterRequest{}), "CreateClusterRequest",
		"CreateClusterRequest.entrypoint", "CreateClusterRequest.cmd", "CreateClusterRequest.templateId")
	checkSpecFields(t, reflect.TypeOf(struct {
		Clusters []Cluster `json:"clusters"`
	}{}), "ListClustersResponse")
	// RenameCluster's body is exactly UpdateClusterRequest.
	checkSpecFields(t, reflect.TypeOf(struct {
		Name string `json:"name"`
	}{}), "UpdateClusterRequest")
}

func TestCreateClusterRequestEncoding(t *testing.T) {
	tests := []struct {
		name string
		req  CreateClusterRequest
		want string
	}{
		{
			"template: no container fields, no registry",
			CreateClusterRequest{Name: "c", Type: ClusterTypeTraining, TemplateID: "9x4m2p7v",
				Compute: ClusterCompute{GPUTypeID: "g", GPUCountPerPod: 8, PodCount: 4}},
			`{"name":"c","type":"TRAINING","compute":{"gpuTypeId":"g","gpuCountPerPod":8,"podCount":4},"templateId":"9x4m2p7v"}`,
		},
		{
			"inline container",
			CreateClusterRequest{
				Name: "c", Type: ClusterTypeRay, Compute: ClusterCompute{GPUTypeID: "g", GPUCountPerPod: 1, PodCount: 2},
				DataCenterIDs: []string{"US-TX-3"}, Mounts: &Mounts{Persistent: &PersistentMount{Size: 20, Path: "/w"}},
				StartSSH: ptr(true), StartJupyter: ptr(false), Image: "i", Args: ptr("a"), Entrypoint: []string{"e"}, Cmd: []string{"c"},
				Disk: ptr(30), Env: map[string]string{"A": "1"}, Ports: []string{"22/tcp"},
			},
			`{"name":"c","type":"RAY","compute":{"gpuTypeId":"g","gpuCountPerPod":1,"podCount":2},"dataCenterIds":["US-TX-3"],` +
				`"mounts":{"persistent":{"size":20,"path":"/w"}},"startSsh":true,"startJupyter":false,"image":"i","args":"a",` +
				`"entrypoint":["e"],"cmd":["c"],"disk":30,"env":{"A":"1"},"ports":["22/tcp"]}`,
		},
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
	if _, ok := reflect.TypeOf(CreateClusterRequest{}).FieldByName("Registry"); ok {
		t.Error("CreateClusterRequest must not offer a registry: the API rejects it")
	}
}

func TestClusterCalls(t *testing.T) {
	c, calls := recordingServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.Contains(r.URL.Path, "/gone"):
			writeProblem(t, w, http.StatusNotFound, "Cluster not found")
		case r.URL.Path == "/v2/clusters" && r.Method == http.MethodGet:
			_, _ = io.WriteString(w, `{"clusters":[`+clusterJSON+`]}`)
		case strings.HasSuffix(r.URL.Path, "/pods"):
			_, _ = io.WriteString(w, `{"pods":[`+podJSON+`]}`)
		case r.Method == http.MethodPost:
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusCreated)
			_, _ = io.WriteString(w, clusterJSON)
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		default:
			_, _ = io.WriteString(w, clusterJSON)
		}
	})
	ctx := t.Context()
	if list, err := c.ListClusters(ctx); err != nil || len(list) != 1 || list[0].ID != "5c2n8m4q" {
		t.Fatalf("ListClusters = %v, %v", list, err)
	}
	if _, err := c.GetCluster(ctx, "5c2n8m4q"); err != nil {
		t.Fatalf("GetCluster: %v", err)
	}
	if _, err := c.GetCluster(ctx, "gone"); !IsNotFound(err) {
		t.Fatalf("GetCluster(gone) = %v", err)
	}
	created, err := c.CreateCluster(ctx, CreateClusterRequest{Name: "slurm", Type: ClusterTypeSlurm, Image: "i",
		Compute: ClusterCompute{GPUTypeID: "NVIDIA H100 80GB HBM3", GPUCountPerPod: 8, PodCount: 2}})
	if err != nil || created.ID != "5c2n8m4q" {
		t.Fatalf("CreateCluster = %v, %v", created, err)
	}
	if renamed, err := c.RenameCluster(ctx, "5c2n8m4q", "new name"); err != nil || renamed.ID != "5c2n8m4q" {
		t.Fatalf("RenameCluster = %v, %v", renamed, err)
	}
	pods, err := c.ListClusterPods(ctx, "5c2n8m4q")
	if err != nil || len(pods) != 1 || pods[0].Cluster == nil || pods[0].Cluster.ID != "5c2n8m4q" {
		t.Fatalf("ListClusterPods = %v, %v", pods, err)
	}
	if _, err := c.ListClusterPods(ctx, "gone"); !IsNotFound(err) {
		t.Fatalf("ListClusterPods(gone) = %v", err)
	}
	if err := c.DeleteCluster(ctx, "5c2n8m4q"); err != nil {
		t.Fatalf("DeleteCluster: %v", err)
	}
	for _, call := range []func() error{
		func() error { _, err := c.GetCluster(ctx, ""); return err },
		func() error { _, err := c.RenameCluster(ctx, "", "x"); return err },
		func() error { _, err := c.ListClusterPods(ctx, ""); return err },
		func() error { return c.DeleteCluster(ctx, "") },
	} {
		if call() == nil {
			t.Error("empty cluster id accepted")
		}
	}
	wantCalls(t, *calls, []recordedCall{
		{"GET", "/v2/clusters", "", ""},
		{"GET", "/v2/clusters/5c2n8m4q", "", ""},
		{"GET", "/v2/clusters/gone", "", ""},
		{"POST", "/v2/clusters", "", `{"name":"slurm","type":"SLURM","compute":{"gpuTypeId":"NVIDIA H100 80GB HBM3","gpuCountPerPod":8,"podCount":2},"image":"i"}`},
		{"PATCH", "/v2/clusters/5c2n8m4q", "", `{"name":"new name"}`},
		{"GET", "/v2/clusters/5c2n8m4q/pods", "", ""},
		{"GET", "/v2/clusters/gone/pods", "", ""},
		{"DELETE", "/v2/clusters/5c2n8m4q", "", ""},
	})
}
