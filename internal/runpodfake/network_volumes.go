package runpodfake

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
)

// NetworkVolume is the fake's model of a network volume, served as
// network_volumes_wire.go declares (every field always present). Size is
// in GB; DataCenter and Type are fixed at creation.
type NetworkVolume struct {
	ID         string
	Name       string
	Size       int
	DataCenter string
	Type       string
}

// Network volume limits and tiers (spec VolumeType).
const (
	MinNetworkVolumeSize = 10
	MaxNetworkVolumeSize = 4096

	VolumeTypeStandard        = "STANDARD"
	VolumeTypeHighPerformance = "HIGH_PERFORMANCE"
)

const kindNetworkVolume = "networkVolume"

type storedVolume struct {
	v   NetworkVolume
	seq int64
}

// Request schemas, written from the API reference (CreateNetworkVolumeRequest,
// UpdateNetworkVolumeRequest): both closed; the update needs at least one
// field. Note `dataCenter`, not v1's `dataCenterId`, which is a 422.
var (
	volumeSizeSchema = &schema{
		types:   []string{"integer"},
		minimum: int64p(MinNetworkVolumeSize),
		maximum: int64p(MaxNetworkVolumeSize),
	}

	createNetworkVolumeSchema = sObject(map[string]*schema{
		"name":       sNonEmpty(),
		"size":       volumeSizeSchema,
		"dataCenter": sNonEmpty(),
		"type":       sEnum(VolumeTypeStandard, VolumeTypeHighPerformance),
	}, "name", "size", "dataCenter")

	updateNetworkVolumeSchema = func() *schema {
		s := sObject(map[string]*schema{
			"name": sNonEmpty(),
			"size": volumeSizeSchema,
		})
		s.minProps = intp(1)
		return s
	}()
)

type networkVolumeBody struct {
	Name       *string `json:"name"`
	Size       *int    `json:"size"`
	DataCenter *string `json:"dataCenter"`
	Type       *string `json:"type"`
}

func (f *Fake) networkVolumeRoutes() {
	f.handle("GET /v2/network-volumes", f.listNetworkVolumes)
	f.handle("POST /v2/network-volumes", f.createNetworkVolume)
	f.handle("GET /v2/network-volumes/{id}", f.getNetworkVolume)
	f.handle("PATCH /v2/network-volumes/{id}", f.updateNetworkVolume)
	f.handle("DELETE /v2/network-volumes/{id}", f.deleteNetworkVolumeHandler)
}

func (f *Fake) listNetworkVolumes(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	all := make([]*storedVolume, 0, len(f.vols))
	for _, s := range f.vols {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	out := make([]NetworkVolume, 0, len(all))
	for _, s := range all {
		out = append(out, s.v)
	}
	return http.StatusOK, map[string]any{"networkVolumes": networkVolumesJSON(out)}, nil
}

func (f *Fake) createNetworkVolume(r *http.Request, body []byte) (int, any, *problem) {
	var b networkVolumeBody
	if _, p := decodeStrict(body, createNetworkVolumeSchema, &b); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	typ, p := f.volumePlacement(*b.DataCenter, b.Type)
	if p != nil {
		return 0, nil, p
	}
	// Names are "not required to be unique" (spec), so no name check.
	s := &storedVolume{
		v:   NetworkVolume{ID: f.ids.next(), Name: *b.Name, Size: *b.Size, DataCenter: *b.DataCenter, Type: typ},
		seq: f.nextSeq(),
	}
	f.vols[s.v.ID] = s
	return http.StatusCreated, networkVolumeJSON(s.v), nil
}

// volumePlacement checks that the data center exists and offers network
// storage of the asked tier, and resolves an omitted tier to the data
// center's primary one. Callers hold f.mu.
//
// [BRIEF/INFERRED] API.md: create only where the catalog's
// networkVolumeTypes is non-empty; an unknown data center, one without
// storage, or a tier it does not offer gets 400 (a rule, not a schema
// problem). The primary tier is taken to be the first one the catalog lists
// (INFERRED: the spec says "the requested data center's default (primary)
// storage tier" without saying which that is).
func (f *Fake) volumePlacement(dcID string, typ *string) (string, *problem) {
	dc := f.catalog.dc(dcID)
	if dc == nil {
		return "", badRequest("data center %q not found", dcID)
	}
	if len(dc.volumeTypes) == 0 {
		return "", badRequest("data center %s does not offer network volumes", dcID)
	}
	if typ == nil {
		return dc.volumeTypes[0], nil
	}
	if !contains(dc.volumeTypes, *typ) {
		return "", badRequest("data center %s does not offer %s network volumes (it offers %s)",
			dcID, *typ, strings.Join(dc.volumeTypes, ", "))
	}
	return *typ, nil
}

func (f *Fake) getNetworkVolume(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.vols[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("network volume not found")
	}
	return http.StatusOK, networkVolumeJSON(s.v), nil
}

func (f *Fake) updateNetworkVolume(r *http.Request, body []byte) (int, any, *problem) {
	var b networkVolumeBody
	if _, p := decodeStrict(body, updateNetworkVolumeSchema, &b); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.vols[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("network volume not found")
	}
	// The spec's 400: "Invalid request body or size decrease attempted".
	if b.Size != nil && *b.Size < s.v.Size {
		return 0, nil, badRequest("size decrease attempted: the volume is %d GB and network volume storage cannot be reduced (requested %d GB)",
			s.v.Size, *b.Size)
	}
	if b.Name != nil {
		s.v.Name = *b.Name
	}
	if b.Size != nil {
		s.v.Size = *b.Size
	}
	return http.StatusOK, networkVolumeJSON(s.v), nil
}

func (f *Fake) deleteNetworkVolumeHandler(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := r.PathValue("id")
	if _, ok := f.vols[id]; !ok {
		return 0, nil, notFound("network volume not found")
	}
	// INFERRED: the REST spec documents no in-use refusal for volumes. The
	// GraphQL API refuses with the sentence below; the fake answers it as a
	// 400 problem+json (like the template and registry in-use refusals) and
	// names the pods, which the provider passes on to the user.
	if users := f.usersOf(ref{kindNetworkVolume, id}, kindPod); len(users) > 0 {
		ids := make([]string, len(users))
		for i, u := range users {
			ids[i] = u.id
		}
		return 0, nil, badRequest("You must remove this network volume from all pods before deleting it. In use by pod(s): %s",
			strings.Join(ids, ", "))
	}
	delete(f.vols, id)
	f.dropUses(ref{kindNetworkVolume, id})
	return http.StatusNoContent, nil, nil
}

// SeedNetworkVolume stores a volume as if the account had created it earlier
// (in the console, say): it mints an id if v.ID is empty and, when v.Type is
// empty, takes the data center's primary tier. It panics if the id is taken
// or the placement is one the API would refuse (a bug in the test); the size
// is stored as given, so a test may seed what the API would not accept.
func (f *Fake) SeedNetworkVolume(v NetworkVolume) NetworkVolume {
	f.mu.Lock()
	defer f.mu.Unlock()
	var typ *string
	if v.Type != "" {
		typ = &v.Type
	}
	resolved, p := f.volumePlacement(v.DataCenter, typ)
	if p != nil {
		panic("runpodfake: SeedNetworkVolume: " + p.Detail)
	}
	v.Type = resolved
	if v.ID == "" {
		v.ID = f.ids.next()
	} else if !f.ids.claim(v.ID) {
		panic("runpodfake: SeedNetworkVolume: id " + v.ID + " is already taken")
	}
	f.vols[v.ID] = &storedVolume{v: v, seq: f.nextSeq()}
	return v
}

// NetworkVolume returns the stored volume.
func (f *Fake) NetworkVolume(id string) (NetworkVolume, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.vols[id]
	if !ok {
		return NetworkVolume{}, false
	}
	return s.v, true
}

// UpdateNetworkVolume changes a volume out of band, as if edited in the
// console, so tests can provoke drift. fn gets the current volume; the id
// cannot change. No validation is applied. False if id is unknown.
func (f *Fake) UpdateNetworkVolume(id string, fn func(*NetworkVolume)) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.vols[id]
	if !ok {
		return false
	}
	v := s.v
	fn(&v)
	v.ID = id
	s.v = v
	return true
}

// DeleteNetworkVolume deletes a volume out of band (drift), ignoring and
// clearing in-use marks. False if id is unknown.
func (f *Fake) DeleteNetworkVolume(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.vols[id]; !ok {
		return false
	}
	delete(f.vols, id)
	f.dropUses(ref{kindNetworkVolume, id})
	return true
}

// MarkNetworkVolumeUsedByPod records that pod podID mounts the volume, so
// DELETE answers 400 naming the pod until ReleaseNetworkVolume. It panics if
// the volume does not exist.
func (f *Fake) MarkNetworkVolumeUsedByPod(volumeID, podID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.vols[volumeID]; !ok {
		panic(fmt.Sprintf("runpodfake: MarkNetworkVolumeUsedByPod: no volume %q", volumeID))
	}
	f.addUse(ref{kindNetworkVolume, volumeID}, ref{kindPod, podID})
}

// ReleaseNetworkVolume clears every pod mark on the volume.
func (f *Fake) ReleaseNetworkVolume(volumeID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.dropUses(ref{kindNetworkVolume, volumeID})
}
