package runpodfake

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"
)

// Cluster is the fake's model of a cluster, served by clusterJSON
// (clusters_wire.go) as the API's Cluster object. Template, DataCenterID,
// Network and Primary are omitted when unset, as the spec says; Pods is
// only a summary (the members are GET /v2/clusters/{id}/pods).
type Cluster struct {
	ID           string
	Name         string
	Type         string
	Compute      ClusterCompute
	Template     string
	DataCenterID string
	Pods         ClusterPods
	Network      *ClusterNetwork
	Primary      *ClusterPrimary
	CreatedAt    time.Time
}

// ClusterCompute is the homogeneous shape: PodCount pods of GPUCountPerPod
// GPUs of GPUTypeID each.
type ClusterCompute struct {
	GPUTypeID      string
	GPUCountPerPod int
	PodCount       int
}

// ClusterPods counts the members, in total and per pod status (statuses
// with no pods are left out).
type ClusterPods struct {
	Total    int
	ByStatus map[string]int
}

// ClusterNetwork is the members' private overlay network.
type ClusterNetwork struct {
	CIDR      string
	VXLANID   int
	VXLANPort int
}

// ClusterPrimary is the rank-0 member. SSHEndpoint ("host:port") is set only
// while it runs with 22/tcp publicly mapped.
type ClusterPrimary struct {
	PodID       string
	Status      string
	SSHEndpoint string
}

// Cluster types (spec ClusterType) and the member roles they assign.
const (
	ClusterTypeApplication = "APPLICATION"
	ClusterTypeTraining    = "TRAINING"
	ClusterTypeSlurm       = "SLURM"
	ClusterTypeRay         = "RAY"

	MinClusterPods = 2
	MaxClusterPods = 250

	clusterCIDR      = "10.65.0.0/16"
	clusterVXLANPort = 4789
)

type storedCluster struct {
	c   Cluster // identity, type, compute, template, data center, network, createdAt
	seq int64
	// proto is the member pod every rank is built from (container settings,
	// mounts, compute, env with the start injections already applied).
	proto Pod
}

var (
	// baseContainerProps is BaseContainerConfig: ContainerConfig without
	// registry, which clusters do not take (a private image comes through
	// templateId).
	baseContainerProps = func() map[string]*schema {
		m := merge(containerConfigProps)
		delete(m, "registry")
		return m
	}()

	clusterComputeSchema = sObject(map[string]*schema{
		"gpuTypeId":      sNonEmpty(),
		"gpuCountPerPod": sIntMin(1),
		"podCount": {
			types:   []string{"integer"},
			minimum: int64p(MinClusterPods),
			maximum: int64p(MaxClusterPods),
		},
	}, "gpuTypeId", "gpuCountPerPod", "podCount")

	createClusterSchema = sObject(merge(baseContainerProps, map[string]*schema{
		"name":          sNonEmpty(),
		"type":          sEnum(ClusterTypeApplication, ClusterTypeTraining, ClusterTypeSlurm, ClusterTypeRay),
		"compute":       clusterComputeSchema,
		"dataCenterIds": sArray(sString()),
		"mounts":        mountsSchema,
		"startJupyter":  sBool(),
		"startSsh":      sBool(),
		"templateId":    sNonEmpty(), // [newer-docs] create-a-cluster
	}), "name", "type", "compute")

	// updateClusterSchema is the rename body: only name, at least one
	// property, so anything else (or {}) is 422.
	updateClusterSchema = func() *schema {
		s := sObject(map[string]*schema{"name": sNonEmpty()})
		s.minProps = intp(1)
		return s
	}()

	// templateExclusive are the body fields templateId excludes ([newer-docs]).
	templateExclusive = []string{"image", "args", "entrypoint", "cmd", "disk", "env", "ports", "mounts"}
)

type clusterBody struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	Compute struct {
		GPUTypeID      string `json:"gpuTypeId"`
		GPUCountPerPod int    `json:"gpuCountPerPod"`
		PodCount       int    `json:"podCount"`
	} `json:"compute"`
	DataCenterIDs []string          `json:"dataCenterIds"`
	Mounts        *mountsBody       `json:"mounts"`
	StartSSH      *bool             `json:"startSsh"`
	StartJupyter  *bool             `json:"startJupyter"`
	Image         *string           `json:"image"`
	Args          *string           `json:"args"`
	Entrypoint    *[]string         `json:"entrypoint"`
	Cmd           *[]string         `json:"cmd"`
	Disk          *int              `json:"disk"`
	Env           map[string]string `json:"env"`
	Ports         *[]string         `json:"ports"`
	TemplateID    *string           `json:"templateId"`
}

func (f *Fake) clusterRoutes() {
	f.handle("GET /v2/clusters", f.listClusters)
	f.handle("POST /v2/clusters", f.createCluster)
	f.handle("GET /v2/clusters/{id}", f.getCluster)
	f.handle("PATCH /v2/clusters/{id}", f.updateCluster)
	f.handle("DELETE /v2/clusters/{id}", f.deleteClusterHandler)
	f.handle("GET /v2/clusters/{id}/pods", f.listClusterPods)
}

// clusterMembers lists a cluster's pods by rank. Callers hold f.mu.
func (f *Fake) clusterMembers(id string) []*storedPod {
	var out []*storedPod
	for _, s := range f.pods {
		if s.p.Cluster != nil && s.p.Cluster.ID == id {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return rankOf(out[i]) < rankOf(out[j]) })
	return out
}

func rankOf(s *storedPod) int {
	if s.p.Cluster == nil || s.p.Cluster.Rank == nil {
		return -1
	}
	return *s.p.Cluster.Rank
}

// observeCluster counts a cluster read as a read of every member, since the
// summary reports their status. Callers hold f.mu.
func (f *Fake) observeCluster(id string) {
	for _, m := range f.clusterMembers(id) {
		f.observePod(m)
	}
}

// clusterView is the JSON the API returns for a cluster: the summary,
// primary and data center are derived from the current members. Callers
// hold f.mu.
func (f *Fake) clusterView(sc *storedCluster) Cluster {
	c := sc.c
	if c.Network != nil {
		n := *c.Network
		c.Network = &n
	}
	c.Primary = nil
	members := f.clusterMembers(c.ID)
	c.Pods = ClusterPods{Total: len(members), ByStatus: map[string]int{}}
	for _, m := range members {
		c.Pods.ByStatus[m.p.Status]++
		if rankOf(m) == 0 {
			c.Primary = &ClusterPrimary{PodID: m.p.ID, Status: m.p.Status}
			if d := m.directSSH(); d != nil {
				c.Primary.SSHEndpoint = fmt.Sprintf("%s:%d", d.Host, d.Port)
			}
		}
	}
	if len(members) == 0 {
		c.DataCenterID = "" // "omitted until at least one pod is placed"
	}
	return c
}

func (f *Fake) sortedClusters() []*storedCluster {
	all := make([]*storedCluster, 0, len(f.clusters))
	for _, s := range f.clusters {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	return all
}

func (f *Fake) listClusters(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []Cluster{}
	for _, sc := range f.sortedClusters() {
		f.observeCluster(sc.c.ID)
		out = append(out, f.clusterView(sc))
	}
	return http.StatusOK, map[string]any{"clusters": clustersJSON(out)}, nil
}

func (f *Fake) getCluster(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	sc, ok := f.clusters[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("Cluster not found")
	}
	f.observeCluster(sc.c.ID)
	return http.StatusOK, clusterJSON(f.clusterView(sc)), nil
}

func (f *Fake) listClusterPods(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	sc, ok := f.clusters[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("Cluster not found")
	}
	out := []Pod{}
	for _, m := range f.clusterMembers(sc.c.ID) {
		f.observePod(m)
		out = append(out, f.podView(m))
	}
	return http.StatusOK, map[string]any{"pods": podsJSON(out)}, nil
}

func (f *Fake) createCluster(r *http.Request, body []byte) (int, any, *problem) {
	var b clusterBody
	raw, p := decodeStrict(body, createClusterSchema, &b)
	if p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	sc, p := f.buildCluster(&b, raw)
	if p != nil {
		return 0, nil, p
	}
	return http.StatusCreated, clusterJSON(f.clusterView(sc)), nil
}

// buildCluster applies the cluster create rules, places the
// whole cluster in one data center and creates its members. Refusals, all
// 400 except the schema's 422:
//   - templateId together with a container field or mounts ([newer-docs]);
//   - an unknown or serverless template (INFERRED 400: the route documents
//     only 400 and 422; pod create answers 404 and 422 for the same cases);
//   - no image and no templateId (INFERRED: the spec does not require image,
//     so this is a rule, not a schema violation);
//   - the pod mount rules, an unknown data center id, gpuCountPerPod above
//     the type's Secure maxCount;
//   - no data center with podCount × gpuCountPerPod free CLUSTER GPUs
//     (capacity; an unknown GPU type gets the same answer).
//
// Callers hold f.mu.
func (f *Fake) buildCluster(b *clusterBody, raw map[string]any) (*storedCluster, *problem) {
	tmpl, p := f.clusterTemplate(b, raw)
	if p != nil {
		return nil, p
	}
	plan, p := f.clusterProto(b, tmpl)
	if p != nil {
		return nil, p
	}
	proto, cuda := plan.proto, plan.cuda
	volDC, p := f.networkMountDC(proto.Mounts, proto.Cloud)
	if p != nil {
		return nil, p
	}
	for _, dc := range b.DataCenterIDs {
		if f.catalog.dc(dc) == nil {
			return nil, badRequest("unknown data center id %q", dc)
		}
	}
	if volDC != "" && len(b.DataCenterIDs) > 0 && !contains(b.DataCenterIDs, volDC) {
		return nil, badRequest("network volume %s is in data center %s, which is not among dataCenterIds (%s)",
			proto.Mounts.Network[0].VolumeID, volDC, strings.Join(b.DataCenterIDs, ", "))
	}
	q := placement{
		gpu: b.Compute.GPUTypeID, count: b.Compute.GPUCountPerPod, machines: b.Compute.PodCount,
		product: "CLUSTER", cloud: "SECURE", cuda: cuda, prefer: b.DataCenterIDs, volumeDC: volDC,
	}
	g := f.catalog.gpu(q.gpu)
	if g == nil {
		return nil, noCapacity(q.describe())
	}
	if q.count > g.maxSecure {
		return nil, badRequest("compute.gpuCountPerPod %d exceeds the maximum of %d %s GPUs per pod", q.count, g.maxSecure, g.id)
	}
	dc, cudaVer, p := f.placeGPU(q)
	if p != nil {
		return nil, p
	}

	f.injectStartEnv(proto.Env, plan.startSSH, plan.startJupyter)
	vcpu, ram := hostShape(g)
	proto.GPU = &PodGPU{ID: g.id, Count: q.count, VCPUCount: vcpu * float64(q.count), Memory: ram * float64(q.count)}
	proto.DataCenterID = &dc
	if cudaVer != "" {
		proto.CudaVersion = &cudaVer
	}

	sc := &storedCluster{seq: f.nextSeq(), proto: proto}
	sc.c = Cluster{
		ID: f.ids.next(), Name: b.Name, Type: b.Type,
		Compute:      ClusterCompute{GPUTypeID: g.id, GPUCountPerPod: q.count, PodCount: b.Compute.PodCount},
		DataCenterID: dc,
		Network:      &ClusterNetwork{CIDR: clusterCIDR, VXLANID: f.compute.nextVxlan, VXLANPort: clusterVXLANPort},
		CreatedAt:    f.clockNow().Truncate(time.Second),
	}
	f.compute.nextVxlan++
	if tmpl != nil {
		sc.c.Template = tmpl.ID
	}
	f.clusters[sc.c.ID] = sc
	for rank := 0; rank < b.Compute.PodCount; rank++ {
		f.addMember(sc, rank, false)
	}
	f.syncClusterRate(sc.c.ID)
	return sc, nil
}

// clusterTemplate resolves a create's templateId: it excludes the
// container fields and mounts, and must name a pod template (400); without
// one, image is required (400). Callers hold f.mu.
func (f *Fake) clusterTemplate(b *clusterBody, raw map[string]any) (*Template, *problem) {
	if b.TemplateID == nil {
		if b.Image == nil {
			return nil, badRequest("image is required unless templateId is set")
		}
		return nil, nil
	}
	var clash []string
	for _, k := range templateExclusive {
		if has(raw, k) {
			clash = append(clash, k)
		}
	}
	if len(clash) > 0 {
		return nil, badRequest("templateId is mutually exclusive with %s; the template supplies the container settings", strings.Join(clash, ", "))
	}
	s, ok := f.tmpls[*b.TemplateID]
	if !ok {
		return nil, badRequest("template %q not found", *b.TemplateID)
	}
	if s.t.Serverless {
		return nil, badRequest("template %s is a serverless template; clusters need a pod template", *b.TemplateID)
	}
	t := cloneTemplate(s.t)
	if !s.owned() {
		t.Registry = nil
	}
	return &t, nil
}

// clusterPlan is what a cluster create resolves to before placement: the
// member pod every rank starts from, the start flags (applied to its env
// once placed) and the CUDA constraint placement must honour.
type clusterPlan struct {
	proto                  Pod
	startSSH, startJupyter bool
	cuda                   cudaConstraint
}

// clusterProto builds the plan from the template's container settings, or
// the body's (with its mounts). Callers hold f.mu.
func (f *Fake) clusterProto(b *clusterBody, tmpl *Template) (clusterPlan, *problem) {
	proto := Pod{Cloud: "SECURE", Disk: DefaultPodDisk, Env: map[string]string{}}
	startSSH, startJupyter := false, false
	var cuda cudaConstraint
	if tmpl != nil {
		// The template supplies image, args, disk, env, ports and the
		// registry credential; its mounts are not applied (INFERRED: the
		// docs list what it supplies and mounts is not among it).
		proto.Image, proto.Args, proto.Disk = tmpl.Image, tmpl.Args, tmpl.Disk
		proto.Ports = slices.Clone(tmpl.Ports)
		for k, v := range tmpl.Env {
			proto.Env[k] = v
		}
		proto.Registry = copyString(tmpl.Registry)
		id := tmpl.ID
		proto.Template = &id
		startSSH, startJupyter = tmpl.StartSSH, tmpl.StartJupyter
		if len(tmpl.AllowedCudaVersions) > 0 {
			cuda.exact = slices.Clone(tmpl.AllowedCudaVersions)
		}
	} else {
		if strings.TrimSpace(*b.Image) == "" {
			return clusterPlan{}, badRequest("image must not be empty")
		}
		proto.Image = *b.Image
		args, p := resolveCommand("", b.Args, b.Entrypoint, b.Cmd)
		if p != nil {
			return clusterPlan{}, p
		}
		proto.Args = args
		if b.Disk != nil {
			proto.Disk = *b.Disk
		}
		for k, v := range b.Env {
			proto.Env[k] = v
		}
		if b.Ports != nil {
			proto.Ports = slices.Clone(*b.Ports)
		}
		for _, port := range proto.Ports {
			if p := checkPort(port); p != nil {
				return clusterPlan{}, p
			}
		}
		if b.Mounts != nil {
			if b.Mounts.Persistent != nil && b.Mounts.Network != nil {
				return clusterPlan{}, badRequest("mounts: set either persistent or network, not both")
			}
			if b.Mounts.Persistent != nil {
				proto.Mounts.Persistent = b.Mounts.Persistent.mount()
			}
			if b.Mounts.Network != nil && len(*b.Mounts.Network) > 0 {
				proto.Mounts.Network = networkMounts(*b.Mounts.Network)
			}
		}
	}
	if b.StartSSH != nil {
		startSSH = *b.StartSSH
	}
	if b.StartJupyter != nil {
		startJupyter = *b.StartJupyter
	}

	return clusterPlan{proto: proto, startSSH: startSSH, startJupyter: startJupyter, cuda: cuda}, nil
}

// clusterRole is the role a member gets: SLURM and RAY clusters assign
// one, TRAINING and APPLICATION none.
func clusterRole(typ string, rank int) string {
	switch typ {
	case ClusterTypeSlurm:
		if rank == 0 {
			return "SLURM_CONTROLLER"
		}
		return "SLURM_COMPUTE"
	case ClusterTypeRay:
		if rank == 0 {
			return "RAY_HEAD"
		}
		return "RAY_WORKER"
	}
	return ""
}

// addMember creates the member pod of one rank from the cluster's proto,
// named "<cluster name>-<rank>" (INFERRED) with overlay address
// 10.65.0.<rank+2>. It takes rank's share of CLUSTER stock (force: take what
// there is, for out-of-band scaling) and starts provisioning. Callers hold
// f.mu.
func (f *Fake) addMember(sc *storedCluster, rank int, force bool) {
	p := clonePod(sc.proto)
	p.ID = f.ids.next()
	p.Name = fmt.Sprintf("%s-%d", sc.c.Name, rank)
	r := rank
	p.Cluster = &PodCluster{ID: sc.c.ID, Rank: &r, Role: clusterRole(sc.c.Type, rank), IP: fmt.Sprintf("10.65.%d.%d", (rank+2)/256, (rank+2)%256)}
	p.CreatedAt = f.clockNow().Truncate(time.Second)
	s := &storedPod{p: p, seq: f.nextSeq(), product: "CLUSTER", publicPorts: map[int]int{}}
	if !f.acquireStock(s, force) {
		panic("runpodfake: cluster stock vanished during placement")
	}
	f.pods[p.ID] = s
	f.recordPodUses(s)
	f.beginStart(s, PodStatusProvisioning)
}

func (f *Fake) updateCluster(r *http.Request, body []byte) (int, any, *problem) {
	var b struct {
		Name string `json:"name"`
	}
	if _, p := decodeStrict(body, updateClusterSchema, &b); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	sc, ok := f.clusters[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("Cluster not found")
	}
	sc.c.Name = b.Name
	return http.StatusOK, clusterJSON(f.clusterView(sc)), nil
}

func (f *Fake) deleteClusterHandler(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.removeCluster(r.PathValue("id")) {
		return 0, nil, notFound("Cluster not found")
	}
	return http.StatusNoContent, nil, nil
}

// removeCluster deletes a cluster and terminates every member. Its billing
// history stays. Callers hold f.mu.
func (f *Fake) removeCluster(id string) bool {
	if _, ok := f.clusters[id]; !ok {
		return false
	}
	delete(f.clusters, id)
	for _, m := range f.clusterMembers(id) {
		f.removePod(m)
	}
	f.syncClusterRate(id)
	return true
}

// Cluster returns the API view of a cluster without counting as a read.
func (f *Fake) Cluster(id string) (Cluster, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	sc, ok := f.clusters[id]
	if !ok {
		return Cluster{}, false
	}
	return f.clusterView(sc), true
}

// ScaleCluster changes a cluster's size out of band, as "Scale cluster" in
// the console does: compute.podCount becomes podCount, the highest ranks
// are terminated or new ranks are added (provisioning with the start delay,
// taking CLUSTER stock without refusing). It panics outside 2-250 and
// reports false for an unknown cluster.
func (f *Fake) ScaleCluster(id string, podCount int) bool {
	if podCount < MinClusterPods || podCount > MaxClusterPods {
		panic(fmt.Sprintf("runpodfake: ScaleCluster: podCount %d outside %d-%d", podCount, MinClusterPods, MaxClusterPods))
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	sc, ok := f.clusters[id]
	if !ok {
		return false
	}
	members := f.clusterMembers(id)
	for _, m := range members {
		if rankOf(m) >= podCount {
			f.removePod(m)
		}
	}
	have := map[int]bool{}
	for _, m := range f.clusterMembers(id) {
		have[rankOf(m)] = true
	}
	for rank := 0; rank < podCount; rank++ {
		if !have[rank] {
			f.addMember(sc, rank, true)
		}
	}
	sc.c.Compute.PodCount = podCount
	f.syncClusterRate(id)
	return true
}

// RenameCluster renames a cluster out of band (drift). False if unknown.
func (f *Fake) RenameCluster(id, name string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	sc, ok := f.clusters[id]
	if !ok {
		return false
	}
	sc.c.Name = name
	return true
}

// DeleteCluster deletes a cluster out of band, terminating its members.
// False if id is unknown.
func (f *Fake) DeleteCluster(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.removeCluster(id)
}
