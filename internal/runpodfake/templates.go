package runpodfake

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Template is the fake's model of a template, served as templates_wire.go
// declares. Every field is always present in responses: empty lists and
// maps are sent as [] and {}, a missing registry as null.
//
// Args is the stored form of the container command. Entrypoint and Cmd
// ([newer-docs]) are derived from it on every read, so setting them on a
// Template passed to SeedTemplate or UpdateTemplate re-encodes Args.
type Template struct {
	ID                  string
	Name                string
	Image               string
	Args                string
	Entrypoint          []string
	Cmd                 []string
	Disk                int
	Mounts              TemplateMounts
	Ports               []string
	Env                 map[string]string
	Registry            *string
	Serverless          bool
	Public              bool
	Category            string
	StartSSH            bool
	StartJupyter        bool
	AllowedCudaVersions []string
}

// TemplateMounts is the template's storage: only a persistent volume; a
// network mount is not part of the template schema (422).
type TemplateMounts struct {
	Persistent *PersistentMount
}

// PersistentMount is host-local storage of at least 10 GB.
type PersistentMount struct {
	Size int
	Path string
}

// Template create defaults. DefaultTemplateDisk is not
// documented for v2 (INFERRED from v1's containerDiskInGb default of 50).
const (
	DefaultTemplateCategory = "NVIDIA"
	DefaultTemplateDisk     = 50
)

// DefaultTemplate returns a Template carrying the defaults a POST
// /v2/templates applies to omitted fields, for seeding "as if created through
// the API". Go cannot tell an unset bool from false, so SeedTemplate takes
// StartSSH and StartJupyter as given; start from this to get them true.
func DefaultTemplate(name, image string) Template {
	return Template{
		Name:         name,
		Image:        image,
		Disk:         DefaultTemplateDisk,
		Category:     DefaultTemplateCategory,
		StartSSH:     true,
		StartJupyter: true,
	}
}

type storedTemplate struct {
	t   Template
	seq int64
	// source is "" for a template the account owns, or the public catalog
	// slice ("official", "verified", "community") of one it can only read.
	source string
}

func (s *storedTemplate) owned() bool { return s.source == "" }

// view is the model of what the API returns for a stored template.
func (s *storedTemplate) view() Template {
	t := cloneTemplate(s.t)
	if t.Ports == nil {
		t.Ports = []string{}
	}
	if t.Env == nil {
		t.Env = map[string]string{}
	}
	if t.AllowedCudaVersions == nil {
		t.AllowedCudaVersions = []string{}
	}
	t.Entrypoint, t.Cmd = decodeArgs(t.Args)
	if t.Entrypoint == nil {
		t.Entrypoint = []string{}
	}
	if t.Cmd == nil {
		t.Cmd = []string{}
	}
	if !s.owned() {
		// "registry is always null for templates you don't own".
		t.Registry = nil
	}
	return t
}

func cloneTemplate(t Template) Template {
	t.Ports = slices.Clone(t.Ports)
	t.AllowedCudaVersions = slices.Clone(t.AllowedCudaVersions)
	t.Entrypoint = slices.Clone(t.Entrypoint)
	t.Cmd = slices.Clone(t.Cmd)
	if t.Env != nil {
		env := make(map[string]string, len(t.Env))
		for k, v := range t.Env {
			env[k] = v
		}
		t.Env = env
	}
	if t.Registry != nil {
		r := *t.Registry
		t.Registry = &r
	}
	if t.Mounts.Persistent != nil {
		p := *t.Mounts.Persistent
		t.Mounts.Persistent = &p
	}
	return t
}

// Request schemas, written from the API reference (ContainerConfig,
// TemplateMounts, CreateTemplateRequest, UpdateTemplateRequest).
var (
	cudaVersionPattern = `^\d+\.\d+$`

	persistentMountSchema = sObject(map[string]*schema{
		"size": sIntMin(10),
		"path": sString(),
	}, "size", "path")

	templateMountsSchema = sObject(map[string]*schema{
		"persistent": persistentMountSchema,
	})

	// containerConfigProps are ContainerConfig's fields, including the
	// [newer-docs] exec-form entrypoint and cmd.
	containerConfigProps = map[string]*schema{
		"args":       sString(),
		"entrypoint": sArray(sString()),
		"cmd":        sArray(sString()),
		"disk":       sIntMin(1),
		"env":        sStringMap(),
		"image":      sString(),
		"ports":      sArray(sString()),
		"registry":   sNullable(sString()),
	}

	templateFieldProps = map[string]*schema{
		"allowedCudaVersions": sArray(sPattern(cudaVersionPattern)),
		"category":            sEnum("CPU", "NVIDIA", "AMD"),
		"mounts":              templateMountsSchema,
		"public":              sBool(),
		"serverless":          sBool(),
		"startJupyter":        sBool(),
		"startSsh":            sBool(),
	}

	createTemplateSchema = sObject(merge(containerConfigProps, templateFieldProps, map[string]*schema{
		"name": sNonEmpty(),
	}), "name", "image")

	updateTemplateSchema = sObject(merge(containerConfigProps, templateFieldProps, map[string]*schema{
		"name": sNonEmpty(),
	}))
)

// templateBody is a decoded create or update body. Pointers are nil when the
// field was absent; registry's explicit null is read from the raw map.
// templateMountsBody is a request's TemplateMounts: a persistent mount
// only (a network key is refused by the schema).
type templateMountsBody struct {
	Persistent *persistentBody `json:"persistent"`
}

type templateBody struct {
	Name                *string             `json:"name"`
	Image               *string             `json:"image"`
	Args                *string             `json:"args"`
	Entrypoint          *[]string           `json:"entrypoint"`
	Cmd                 *[]string           `json:"cmd"`
	Disk                *int                `json:"disk"`
	Env                 map[string]string   `json:"env"`
	Ports               *[]string           `json:"ports"`
	Registry            *string             `json:"registry"`
	AllowedCudaVersions *[]string           `json:"allowedCudaVersions"`
	Category            *string             `json:"category"`
	Mounts              *templateMountsBody `json:"mounts"`
	Public              *bool               `json:"public"`
	Serverless          *bool               `json:"serverless"`
	StartJupyter        *bool               `json:"startJupyter"`
	StartSSH            *bool               `json:"startSsh"`
}

func (f *Fake) templateRoutes() {
	f.handle("GET /v2/templates", f.listTemplates)
	f.handle("POST /v2/templates", f.createTemplate)
	f.handle("GET /v2/templates/{id}", f.getTemplate)
	f.handle("PATCH /v2/templates/{id}", f.updateTemplate)
	f.handle("DELETE /v2/templates/{id}", f.deleteTemplateHandler)
	f.handle("GET /v2/catalog/templates", f.listPublicTemplates)
}

func (f *Fake) listTemplates(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []Template{}
	for _, s := range f.sortedTemplates() {
		if s.owned() {
			out = append(out, s.view())
		}
	}
	return http.StatusOK, map[string]any{"templates": templatesJSON(out)}, nil
}

func (f *Fake) sortedTemplates() []*storedTemplate {
	all := make([]*storedTemplate, 0, len(f.tmpls))
	for _, s := range f.tmpls {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	return all
}

func (f *Fake) createTemplate(r *http.Request, body []byte) (int, any, *problem) {
	var b templateBody
	raw, p := decodeStrict(body, createTemplateSchema, &b)
	if p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()

	t := DefaultTemplate(*b.Name, *b.Image)
	if p := f.applyTemplateBody(&t, &b, raw, ""); p != nil {
		return 0, nil, p
	}
	// INFERRED: v2 is silent on duplicate names; the GraphQL docs say
	// template names must be unique, so the fake refuses a duplicate with 400
	// (a business rule, not a schema violation).
	if f.templateNameTaken(t.Name, "") {
		return 0, nil, badRequest("template name must be unique")
	}
	t.ID = f.ids.next()
	s := &storedTemplate{t: t, seq: f.nextSeq()}
	f.tmpls[t.ID] = s
	return http.StatusCreated, templateJSON(s.view()), nil
}

func (f *Fake) getTemplate(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.tmpls[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("template not found")
	}
	return http.StatusOK, templateJSON(s.view()), nil
}

func (f *Fake) updateTemplate(r *http.Request, body []byte) (int, any, *problem) {
	var b templateBody
	raw, p := decodeStrict(body, updateTemplateSchema, &b)
	if p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.tmpls[r.PathValue("id")]
	if !ok || !s.owned() {
		// Public catalog templates are readable but not the caller's: 404.
		return 0, nil, notFound("template not found")
	}
	t := cloneTemplate(s.t)
	if p := f.applyTemplateBody(&t, &b, raw, s.t.Args); p != nil {
		return 0, nil, p
	}
	if b.Name != nil && f.templateNameTaken(t.Name, t.ID) {
		return 0, nil, badRequest("template name must be unique")
	}
	s.t = t
	return http.StatusOK, templateJSON(s.view()), nil
}

func (f *Fake) deleteTemplateHandler(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := r.PathValue("id")
	s, ok := f.tmpls[id]
	if !ok || !s.owned() {
		return 0, nil, notFound("template not found")
	}
	// The spec's own wording; it does not name the blocking pod, so neither
	// does the fake (the provider must find it itself).
	if len(f.usersOf(ref{kindTemplate, id}, kindPod, kindEndpoint)) > 0 {
		return 0, nil, badRequest("Template is in use by a pod or serverless endpoint and cannot be deleted")
	}
	delete(f.tmpls, id)
	f.dropUses(ref{kindTemplate, id})
	return http.StatusNoContent, nil, nil
}

func (f *Fake) listPublicTemplates(r *http.Request, _ []byte) (int, any, *problem) {
	source := "official"
	if vs, ok := r.URL.Query()["source"]; ok {
		if len(vs) != 1 {
			return 0, nil, unprocessable("query.source: must be given once")
		}
		source = vs[0]
		if !contains([]string{"official", "verified", "community"}, source) {
			return 0, nil, unprocessable("query.source: value must be one of 'official', 'verified', 'community'")
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []Template{}
	for _, s := range f.sortedTemplates() {
		if s.source == source && len(out) < 100 {
			out = append(out, s.view())
		}
	}
	return http.StatusOK, map[string]any{"templates": templatesJSON(out)}, nil
}

var portPattern = regexp.MustCompile(`^\d+/(http|tcp)$`)

// applyTemplateBody applies a decoded body to t (create: t holds the
// defaults; update: t is the current template) and enforces the business
// rules, which answer 400. curArgs is the stored command before the change.
// Callers hold f.mu.
func (f *Fake) applyTemplateBody(t *Template, b *templateBody, raw map[string]any, curArgs string) *problem {
	if b.Name != nil {
		t.Name = *b.Name
	}
	if b.Image != nil {
		// INFERRED: the schema has no minLength on image, but an empty image
		// reference cannot be pulled; the fake refuses it as a rule (400).
		if strings.TrimSpace(*b.Image) == "" {
			return badRequest("image must not be empty")
		}
		t.Image = *b.Image
	}
	args, p := resolveCommand(curArgs, b.Args, b.Entrypoint, b.Cmd)
	if p != nil {
		return p
	}
	t.Args = args
	if b.Disk != nil {
		t.Disk = *b.Disk
	}
	if has(raw, "env") {
		// A sent env replaces the whole map; {} clears it.
		t.Env = b.Env
	}
	if b.Ports != nil {
		// The spec gives ports no pattern ("formatted as port/protocol"); the
		// fake enforces N/http or N/tcp with N a TCP port as a rule (400).
		for _, port := range *b.Ports {
			if p := checkPort(port); p != nil {
				return p
			}
		}
		t.Ports = slices.Clone(*b.Ports)
	}
	if has(raw, "registry") {
		if isNull(raw, "registry") {
			t.Registry = nil
		} else {
			// INFERRED: a registry id that is not one of the account's
			// credentials is refused with 400 (createTemplate has no 404).
			if _, ok := f.regs[*b.Registry]; !ok {
				return badRequest("registry credential %q not found", *b.Registry)
			}
			id := *b.Registry
			t.Registry = &id
		}
	}
	if b.AllowedCudaVersions != nil {
		t.AllowedCudaVersions = slices.Clone(*b.AllowedCudaVersions)
	}
	if b.Category != nil {
		t.Category = *b.Category
	}
	if b.Mounts != nil && b.Mounts.Persistent != nil {
		// {} (no persistent key) leaves the mount unchanged.
		t.Mounts.Persistent = b.Mounts.Persistent.mount()
	}
	if b.Public != nil {
		t.Public = *b.Public
	}
	if b.Serverless != nil {
		t.Serverless = *b.Serverless
	}
	if b.StartJupyter != nil {
		t.StartJupyter = *b.StartJupyter
	}
	if b.StartSSH != nil {
		t.StartSSH = *b.StartSSH
	}
	return nil
}

func checkPort(port string) *problem {
	if !portPattern.MatchString(port) {
		return badRequest("invalid port %q: must match %s", port, portPattern.String())
	}
	num, _, _ := strings.Cut(port, "/")
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n > 65535 {
		return badRequest("invalid port %q: port number must be between 1 and 65535", port)
	}
	return nil
}

// templateNameTaken reports whether another owned template has name.
// Callers hold f.mu.
func (f *Fake) templateNameTaken(name, exceptID string) bool {
	for id, s := range f.tmpls {
		if s.owned() && id != exceptID && s.t.Name == name {
			return true
		}
	}
	return false
}

// resolveCommand computes the stored args from a body ([newer-docs]):
//   - args alone is stored as sent ("" clears);
//   - entrypoint and/or cmd alone are encoded into args, each replacing its
//     own part ([] clears it) and keeping the other;
//   - args together with entrypoint or cmd is allowed only when they describe
//     the same command, else 400.
func resolveCommand(cur string, args *string, ep, cmd *[]string) (string, *problem) {
	if args != nil {
		aEP, aCmd := decodeArgs(*args)
		if (ep != nil && !sameStrings(*ep, aEP)) || (cmd != nil && !sameStrings(*cmd, aCmd)) {
			return "", badRequest("args and entrypoint/cmd describe different commands")
		}
		return *args, nil
	}
	if ep == nil && cmd == nil {
		return cur, nil
	}
	curEP, curCmd := decodeArgs(cur)
	if ep != nil {
		curEP = *ep
	}
	if cmd != nil {
		curCmd = *cmd
	}
	return encodeArgs(curEP, curCmd), nil
}

func sameStrings(a, b []string) bool {
	return len(a) == len(b) && (len(a) == 0 || slices.Equal(a, b))
}

type execForm struct {
	Entrypoint []string `json:"entrypoint,omitempty"`
	Cmd        []string `json:"cmd,omitempty"`
}

// encodeArgs stores an exec-form command as the JSON object form of args,
// {"entrypoint":[...],"cmd":[...]}, leaving out empty parts; nothing at all
// is "". (INFERRED: the docs give the object form but not its exact
// serialization.)
func encodeArgs(ep, cmd []string) string {
	if len(ep) == 0 && len(cmd) == 0 {
		return ""
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(execForm{Entrypoint: ep, Cmd: cmd})
	return strings.TrimSpace(buf.String())
}

// decodeArgs splits stored args into entrypoint and cmd: the JSON object
// form gives both; any other string is a shell command line, split into
// words as CMD.
func decodeArgs(args string) (ep, cmd []string) {
	s := strings.TrimSpace(args)
	if s == "" {
		return nil, nil
	}
	if strings.HasPrefix(s, "{") {
		dec := json.NewDecoder(strings.NewReader(s))
		dec.DisallowUnknownFields()
		var x execForm
		if err := dec.Decode(&x); err == nil && !dec.More() {
			return x.Entrypoint, x.Cmd
		}
	}
	return nil, shellSplit(s)
}

// shellSplit splits a command line the way a POSIX shell tokenizes words:
// whitespace separates, single quotes are literal, double quotes allow
// backslash escapes of \ " $ `, and a bare backslash escapes the next
// character. An unterminated quote runs to the end.
func shellSplit(s string) []string {
	var words []string
	var cur strings.Builder
	inWord := false
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch c {
		case '\'':
			inWord = true
			for i++; i < len(rs) && rs[i] != '\''; i++ {
				cur.WriteRune(rs[i])
			}
		case '"':
			inWord = true
			for i++; i < len(rs) && rs[i] != '"'; i++ {
				if rs[i] == '\\' && i+1 < len(rs) && strings.ContainsRune("\\\"$`", rs[i+1]) {
					i++
				}
				cur.WriteRune(rs[i])
			}
		case '\\':
			inWord = true
			if i+1 < len(rs) {
				i++
				cur.WriteRune(rs[i])
			}
		case ' ', '\t', '\n', '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			inWord = true
			cur.WriteRune(c)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// normalizeSeeded fills what a create would for an out-of-band template and
// encodes Entrypoint/Cmd into Args when only they are set.
func normalizeSeeded(t *Template) {
	if t.Category == "" {
		t.Category = DefaultTemplateCategory
	}
	if t.Disk == 0 {
		t.Disk = DefaultTemplateDisk
	}
	if t.Args == "" && (len(t.Entrypoint) > 0 || len(t.Cmd) > 0) {
		t.Args = encodeArgs(t.Entrypoint, t.Cmd)
	}
	t.Entrypoint, t.Cmd = nil, nil
}

// SeedTemplate stores a template as if the account had created it (through
// the console or an earlier run): it fills the create defaults for Category
// and Disk, mints an id if t.ID is empty, and returns the stored view. Start
// from DefaultTemplate to get the API's boolean defaults. It panics if t.ID
// is already taken, which is a bug in the test.
func (f *Fake) SeedTemplate(t Template) Template {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.seedTemplateLocked(t, "")
}

func (f *Fake) seedTemplateLocked(t Template, source string) Template {
	t = cloneTemplate(t)
	normalizeSeeded(&t)
	if t.ID == "" {
		t.ID = f.ids.next()
	} else if !f.ids.claim(t.ID) {
		panic("runpodfake: SeedTemplate: id " + t.ID + " is already taken")
	}
	s := &storedTemplate{t: t, seq: f.nextSeq(), source: source}
	f.tmpls[t.ID] = s
	return s.view()
}

// SeedPublicTemplate adds a template to the public catalog slice source
// ("official", "verified" or "community"): readable with GET
// /v2/templates/{id}, listed by GET /v2/catalog/templates, 404 to PATCH and
// DELETE.
func (f *Fake) SeedPublicTemplate(t Template, source string) Template {
	if !contains([]string{"official", "verified", "community"}, source) {
		panic("runpodfake: SeedPublicTemplate: unknown source " + source)
	}
	t.Public = true
	t.Registry = nil
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.seedTemplateLocked(t, source)
}

// seedPublicTemplates stocks the public catalog with a few realistic entries.
func (f *Fake) seedPublicTemplates() {
	torch := DefaultTemplate("Runpod Pytorch 2.8.0", "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404")
	torch.ID = "runpod-torch-v280"
	torch.Ports = []string{"8888/http", "22/tcp"}
	torch.Mounts.Persistent = &PersistentMount{Size: 20, Path: "/workspace"}
	f.SeedPublicTemplate(torch, "official")

	ubuntu := DefaultTemplate("Runpod Ubuntu", "runpod/base:0.7.0-ubuntu2404")
	ubuntu.ID = "runpod-ubuntu"
	ubuntu.Category = "CPU"
	ubuntu.StartJupyter = false
	ubuntu.Ports = []string{"22/tcp"}
	f.SeedPublicTemplate(ubuntu, "official")

	vllm := DefaultTemplate("vLLM Worker", "runpod/worker-v1-vllm:v2.7.0")
	vllm.ID = "runpod-worker-vllm"
	vllm.Serverless = true
	vllm.StartSSH = false
	vllm.StartJupyter = false
	vllm.Env = map[string]string{"MODEL_NAME": "meta-llama/Llama-3.1-8B-Instruct"}
	f.SeedPublicTemplate(vllm, "verified")

	comfy := DefaultTemplate("ComfyUI (community)", "ghcr.io/ai-dock/comfyui:latest-cuda")
	comfy.ID = "c0mfyu1c0m"
	comfy.Ports = []string{"8188/http", "22/tcp"}
	f.SeedPublicTemplate(comfy, "community")
}

// Template returns the API view of a template (owned or public).
func (f *Fake) Template(id string) (Template, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.tmpls[id]
	if !ok {
		return Template{}, false
	}
	return s.view(), true
}

// UpdateTemplate changes a template out of band, as if edited in the console,
// so tests can provoke drift. fn gets the current view; changing Entrypoint or
// Cmd (and not Args) re-encodes Args. It reports false if id is unknown.
// No validation is applied: a test may store what the API never would (that
// is how the spec checker is shown to catch a bad response).
func (f *Fake) UpdateTemplate(id string, fn func(*Template)) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.tmpls[id]
	if !ok {
		return false
	}
	before := s.view()
	t := cloneTemplate(before)
	fn(&t)
	t.ID = id
	if t.Args == before.Args && (!sameStrings(t.Entrypoint, before.Entrypoint) || !sameStrings(t.Cmd, before.Cmd)) {
		t.Args = encodeArgs(t.Entrypoint, t.Cmd)
	}
	t.Entrypoint, t.Cmd = nil, nil
	s.t = t
	return true
}

// DeleteTemplate deletes a template out of band (drift: "deleted in the
// console"). It ignores in-use marks and clears them; false if id is unknown.
func (f *Fake) DeleteTemplate(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.tmpls[id]; !ok {
		return false
	}
	delete(f.tmpls, id)
	f.dropUses(ref{kindTemplate, id})
	return true
}

// MarkTemplateUsedByPod records that pod podID references the template
// (its `template` field), so DELETE answers 400 until ReleaseTemplate.
func (f *Fake) MarkTemplateUsedByPod(templateID, podID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.addUse(ref{kindTemplate, templateID}, ref{kindPod, podID})
}

// BindTemplateToEndpoint records that serverless endpoint endpointID is bound
// to the template, so DELETE answers 400 until ReleaseTemplate.
func (f *Fake) BindTemplateToEndpoint(templateID, endpointID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.addUse(ref{kindTemplate, templateID}, ref{kindEndpoint, endpointID})
}

// ReleaseTemplate clears every pod and endpoint mark on the template.
func (f *Fake) ReleaseTemplate(templateID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.dropUses(ref{kindTemplate, templateID})
}
