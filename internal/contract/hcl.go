package contract

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Config renders resources as the main.tf a person would write. Secret
// values come from ephemeral variables (Vars), so that a configuration
// snippet in a diagnostic never shows one.
func Config(resources []Resource) string {
	var b strings.Builder
	for _, r := range resources {
		switch r.Kind {
		case Volume:
			writeVolume(&b, r)
		case Pod:
			writePod(&b, resources, r)
		case Template:
			writeTemplate(&b, resources, r)
		case Registry:
			writeVariable(&b, r)
			block(&b, r, func(w func(string, ...any)) {
				w("name = %q", r.Name)
				w("username = %q", "ci-bot")
				w("password_wo = var.%s", varName(r))
				w("password_wo_version = %d", r.Version)
			})
		case Secret:
			writeVariable(&b, r)
			block(&b, r, func(w func(string, ...any)) {
				w("name = %q", r.Name)
				w("value_wo = var.%s", varName(r))
				w("value_wo_version = %d", r.Version)
			})
		case SSHKey:
			block(&b, r, func(w func(string, ...any)) { w("public_key = %q", PublicKey(r)) })
		case Endpoint:
			writeEndpoint(&b, resources, r)
		case Cluster:
			block(&b, r, func(w func(string, ...any)) {
				w("name = %q", r.Name)
				w("type = %q", "TRAINING")
				w("gpu_type_id = %q", r.GPU)
				w("gpu_count_per_pod = %d", r.GPUCount)
				w("pod_count = %d", r.PodCount)
				w("data_center_ids = %s", list(r.DataCenters))
				w("image = %q", r.Image)
			})
		}
	}
	return b.String()
}

// Vars is the terraform.tfvars that gives the write-only values.
func Vars(resources []Resource) string {
	var b strings.Builder
	for _, r := range resources {
		if r.Kind == Secret || r.Kind == Registry {
			fmt.Fprintf(&b, "%s = %q\n", varName(r), Canary(r.Label, r.Version))
		}
	}
	return b.String()
}

// Canary is the write-only value of the resource labelled label at version:
// a string that must never appear in state, plans, logs or diagnostics.
func Canary(label string, version int) string {
	return fmt.Sprintf("cnry-%s-v%d-Zq8wX", label, version)
}

// PublicKey is r's SSH public key: a well-formed ed25519 key line whose
// bytes are drawn from r.KeySeed.
func PublicKey(r Resource) string {
	rng := rand.New(rand.NewPCG(r.KeySeed, 7))
	var blob []byte
	put := func(b []byte) {
		blob = binary.BigEndian.AppendUint32(blob, uint32(len(b))) //nolint:gosec // short fixed lengths
		blob = append(blob, b...)
	}
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(rng.UintN(256))
	}
	put([]byte("ssh-ed25519"))
	put(key)
	return "ssh-ed25519 " + base64.StdEncoding.EncodeToString(blob) + " contract-" + r.Label
}

func varName(r Resource) string { return r.Label + "_value" }

func writeVariable(b *strings.Builder, r Resource) {
	fmt.Fprintf(b, "variable %q {\n  type      = string\n  sensitive = true\n  ephemeral = true\n}\n\n", varName(r))
}

// block writes r's resource block; body writes its lines.
func block(b *strings.Builder, r Resource, body func(w func(string, ...any))) {
	fmt.Fprintf(b, "resource %q %q {\n", r.Kind.String(), r.Label)
	if r.Count > 0 {
		fmt.Fprintf(b, "  count = %d\n", r.Count)
	}
	body(func(format string, args ...any) {
		b.WriteString("  " + fmt.Sprintf(format, args...) + "\n")
	})
	b.WriteString("}\n\n")
}

// ref is the expression for attr of the resource labelled label (its first
// instance when it is a count set).
func ref(resources []Resource, label, attr string) string {
	i := find(resources, label)
	if i < 0 {
		return `"missing"`
	}
	idx := ""
	if resources[i].Count > 0 {
		idx = "[0]"
	}
	return resources[i].Address() + idx + "." + attr
}

func list(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func writeVolume(b *strings.Builder, r Resource) {
	block(b, r, func(w func(string, ...any)) {
		w("name = %q", r.Name)
		w("size_gb = %d", r.SizeGB)
		w("data_center_id = %q", r.DataCenter)
	})
}

func writePod(b *strings.Builder, all []Resource, r Resource) {
	if r.GPUFromData {
		fmt.Fprintf(b, "data \"runpod_gpu_type\" %q {\n  id      = %q\n  product = \"POD\"\n}\n\n", r.Label, r.GPU)
	}
	block(b, r, func(w func(string, ...any)) {
		w("name = %q", r.Name)
		if r.Image != "" {
			w("image = %q", r.Image)
		}
		if r.Template != "" {
			w("template_id = %s", ref(all, r.Template, "id"))
		}
		switch {
		case r.DCFromVolume && r.Volume != "":
			w("data_center_ids = [%s]", ref(all, r.Volume, "data_center_id"))
		case len(r.DataCenters) > 0:
			w("data_center_ids = %s", list(r.DataCenters))
		}
		if r.Stopped {
			w("desired_status = %q", "EXITED")
		}
		if r.StartSSH {
			w("start_ssh = true")
		}
		switch {
		case r.CPU != "":
			w("cpu {\n    type_id    = %q\n    vcpu_count = %d\n  }", r.CPU, r.VCPU)
		case r.GPUFromData:
			w("gpu {\n    type_id = data.runpod_gpu_type.%s.id\n    count   = %d\n  }", r.Label, r.GPUCount)
		default:
			w("gpu {\n    type_id = %q\n    count   = %d\n  }", r.GPU, r.GPUCount)
		}
		switch {
		case r.Volume != "" && r.VolumeDC:
			w("network_volume {\n    volume_id      = %s\n    data_center_id = %s\n    path           = \"/workspace\"\n  }",
				ref(all, r.Volume, "id"), ref(all, r.Volume, "data_center_id"))
		case r.Volume != "":
			w("network_volume {\n    volume_id = %s\n    path      = \"/workspace\"\n  }", ref(all, r.Volume, "id"))
		}
	})
}

func writeTemplate(b *strings.Builder, all []Resource, r Resource) {
	block(b, r, func(w func(string, ...any)) {
		w("name = %q", r.Name)
		w("image = %q", r.Image)
		if r.Serverless {
			w("serverless = true")
		}
		if r.RegistryRef != "" {
			w("registry_auth_id = %s", ref(all, r.RegistryRef, "id"))
		}
		if r.SecretRef != "" {
			w("env = {\n    TOKEN = %s\n  }", ref(all, r.SecretRef, "reference"))
		}
	})
}

func writeEndpoint(b *strings.Builder, all []Resource, r Resource) {
	block(b, r, func(w func(string, ...any)) {
		w("name = %q", r.Name)
		w("type = %q", "QUEUE")
		if r.Template != "" {
			w("template_id = %s", ref(all, r.Template, "id"))
		} else {
			w("image = %q", r.Image)
		}
		w("gpu_pools = %s", list(r.Pools))
		w("workers_min = %d", r.WorkersMin)
		w("workers_max = %d", r.WorkersMax)
		w("scaler_type = %q", "QUEUE_DELAY")
		w("scaler_value = 4")
		if len(r.DataCenters) > 0 {
			w("data_center_ids = %s", list(r.DataCenters))
		}
		if r.Volume != "" {
			w("network_volume_ids = [%s]", ref(all, r.Volume, "id"))
		}
	})
}
