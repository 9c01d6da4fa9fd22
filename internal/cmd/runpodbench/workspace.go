package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// kind is one resource type of the benchmark workspace: how to write N of
// it in HCL, which names they get, and how to find them in the fake.
type kind struct {
	name       string // as given to -kinds
	resource   string // Terraform resource type
	collection string // API path that lists and creates the kind
	item       string // API path of one object, as a pattern for countMatching
	nameFormat string // object names, in both fmt and Terraform format() syntax
	body       string // HCL arguments besides name (indented, one per line)
	// idsNamed asks the fake which objects have this name, without sending a
	// request (so it counts neither in the log nor against the quota).
	idsNamed func(f *runpodfake.Fake, name string) []string
}

// volumeDataCenter offers STANDARD network storage in the fake's catalog
// (EU-SE-1, for instance, offers none).
const volumeDataCenter = "EU-RO-1"

var kinds = []kind{
	{
		name:       "template",
		resource:   "runpod_template",
		collection: "/v2/templates",
		item:       "/v2/templates/{id}",
		nameFormat: "bench-template-%03d",
		body:       `  image = "runpod/base:0.6.2"` + "\n",
		idsNamed:   (*runpodfake.Fake).TemplateIDsNamed,
	},
	{
		name:       "network_volume",
		resource:   "runpod_network_volume",
		collection: "/v2/network-volumes",
		item:       "/v2/network-volumes/{id}",
		nameFormat: "bench-volume-%03d",
		body:       "  size_gb        = 10\n  data_center_id = \"" + volumeDataCenter + "\"\n",
		idsNamed:   volumeIDsNamed,
	},
	{
		name:       "secret",
		resource:   "runpod_secret",
		collection: "/v2/account/secrets",
		item:       "/v2/account/secrets/{id}",
		nameFormat: "bench_secret_%03d",
		// The value is write-only, from an ephemeral variable, as a user
		// would give it: it reaches neither the plan nor the state.
		body:     "  value_wo         = var.secret_value\n  value_wo_version = 1\n",
		idsNamed: (*runpodfake.Fake).SecretIDsNamed,
	},
}

func volumeIDsNamed(f *runpodfake.Fake, name string) []string {
	var ids []string
	for _, v := range f.NetworkVolumes() {
		if v.Name == name {
			ids = append(ids, v.ID)
		}
	}
	return ids
}

// parseKinds turns the -kinds list into kinds, in the order given.
func parseKinds(list string) ([]kind, error) {
	var out []kind
	seen := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if seen[name] {
			return nil, fmt.Errorf("-kinds names %q twice", name)
		}
		seen[name] = true
		k, ok := kindNamed(name)
		if !ok {
			var known []string
			for _, k := range kinds {
				known = append(known, k.name)
			}
			return nil, fmt.Errorf("-kinds: unknown kind %q (known: %s)", name, strings.Join(known, ", "))
		}
		out = append(out, k)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-kinds names no kind")
	}
	return out, nil
}

func kindNamed(name string) (kind, bool) {
	for _, k := range kinds {
		if k.name == name {
			return k, true
		}
	}
	return kind{}, false
}

func (k kind) objectName(i int) string { return fmt.Sprintf(k.nameFormat, i) }

// secretVariable is the ephemeral variable the secrets' value comes from;
// the benchmark sets it through TF_VAR_secret_value.
const secretVariable = "secret_value"

// workspaceConfig is the configuration of n objects of each kind: one
// resource block with count per kind, named "bench".
func workspaceConfig(ks []kind, n int) string {
	var b strings.Builder
	b.WriteString(`terraform {
  required_providers {
    runpod = {
      source = "runpod-tf/runpod"
    }
  }
}

# Endpoint and API key come from RUNPOD_API_URL and RUNPOD_API_KEY.
provider "runpod" {}
`)
	for _, k := range ks {
		if k.name == "secret" {
			fmt.Fprintf(&b, `
variable %q {
  type      = string
  sensitive = true
  ephemeral = true
}
`, secretVariable)
		}
		fmt.Fprintf(&b, "\nresource %q \"bench\" {\n  count = %d\n  name  = format(%q, count.index)\n%s}\n",
			k.resource, n, k.nameFormat, k.body)
	}
	return b.String()
}

// writeWorkspace creates dir with the configuration of n objects per kind.
func writeWorkspace(dir string, ks []kind, n int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "main.tf"), []byte(workspaceConfig(ks, n)), 0o644)
}
