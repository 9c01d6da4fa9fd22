package sshkey

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// apiKeyPattern is the API's pattern for one key (UpdateSshKeysRequest):
// "<type> <base64> [comment]" with a type starting ssh-, ecdsa- or sk-.
var apiKeyPattern = regexp.MustCompile(`^(ssh|ecdsa|sk)-[^\s]+ [^\s]+([ \t][^\n\r]*)?$`)

// publicKey is one parsed authorized_keys line.
type publicKey struct {
	Type    string // e.g. ssh-ed25519
	Blob    string // the base64 key, as written
	Comment string // may be empty
	// Fingerprint is OpenSSH's SHA256 fingerprint of the key, as
	// `ssh-keygen -lf` prints it. Two lines are the same key exactly when
	// their fingerprints are equal, whatever their comments.
	Fingerprint string
}

// Line is the key as sent to the API: single spaces, no surrounding
// whitespace (file() leaves a trailing newline, which the API's pattern
// refuses).
func (k publicKey) Line() string {
	if k.Comment == "" {
		return k.Type + " " + k.Blob
	}
	return k.Type + " " + k.Blob + " " + k.Comment
}

// label names the key in diagnostic summaries, which must differ from key
// to key (Terraform folds warnings with the same summary into one): its
// comment with its fingerprint, or the fingerprint alone.
func (k publicKey) label() string {
	if k.Comment == "" {
		return k.Fingerprint
	}
	return k.Comment + " (" + k.Fingerprint + ")"
}

// name is the key's comment, or its fingerprint when it has none.
func (k publicKey) name() string {
	if k.Comment == "" {
		return k.Fingerprint
	}
	return k.Comment
}

// parseKey reads an authorized_keys line such as the content of
// ~/.ssh/id_ed25519.pub. It checks what the API checks (the type prefix and
// the shape) and what the API does not but a usable key needs: the key is
// base64 and encodes the type it claims. The error says what is wrong.
func parseKey(s string) (publicKey, error) {
	line := strings.TrimSpace(s)
	if line == "" {
		return publicKey{}, fmt.Errorf("the public key is empty")
	}
	if strings.ContainsAny(line, "\r\n") {
		return publicKey{}, fmt.Errorf("the public key spans several lines; give one key per entry, as one line")
	}
	if strings.Contains(line, "PRIVATE KEY") {
		return publicKey{}, fmt.Errorf("this is a private key; give the public key (the .pub file) instead")
	}
	fields := strings.Fields(line)
	if len(fields) < 2 {
		return publicKey{}, fmt.Errorf("%q is not an OpenSSH public key: it needs at least a type and a key", abbreviate(line))
	}
	k := publicKey{Type: fields[0], Blob: fields[1]}
	if rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(line, k.Type)), k.Blob)); rest != "" {
		k.Comment = rest
	}
	if !apiKeyPattern.MatchString(k.Line()) {
		return publicKey{}, fmt.Errorf("key type %q is not an OpenSSH public key type: Runpod accepts types starting "+
			"with ssh-, ecdsa- or sk- (e.g. ssh-ed25519, ecdsa-sha2-nistp256, ssh-rsa)", abbreviate(k.Type))
	}
	raw, err := base64.StdEncoding.DecodeString(k.Blob)
	if err != nil {
		return publicKey{}, fmt.Errorf("the key part of the %s key is not valid base64 (was it cut short?)", k.Type)
	}
	if len(raw) < 4 {
		return publicKey{}, fmt.Errorf("the key part of the %s key is too short to be a key", k.Type)
	}
	n := binary.BigEndian.Uint32(raw)
	if uint64(n) > uint64(len(raw)-4) || string(raw[4:4+n]) != k.Type {
		return publicKey{}, fmt.Errorf("the key part does not encode a %s key; the type and the key do not belong together", k.Type)
	}
	if !strings.Contains(k.Type, "-cert-") && !wellFormed(raw) {
		return publicKey{}, fmt.Errorf("the key part of the %s key ends in the middle of a field (was it cut short?)", k.Type)
	}
	sum := sha256.Sum256(raw)
	k.Fingerprint = "SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:])
	return k, nil
}

// wellFormed reports whether a plain public key blob is a sequence of
// length-prefixed fields that ends exactly at the end, as every OpenSSH key
// type but certificates is. A key cut short fails it.
func wellFormed(raw []byte) bool {
	for len(raw) > 0 {
		if len(raw) < 4 {
			return false
		}
		n := binary.BigEndian.Uint32(raw)
		if uint64(n) > uint64(len(raw)-4) {
			return false
		}
		raw = raw[4+n:]
	}
	return true
}

func abbreviate(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// fingerprintOf returns the fingerprint of a key line, or "" for a line
// that is not a parsable key.
func fingerprintOf(line string) string {
	k, err := parseKey(line)
	if err != nil {
		return ""
	}
	return k.Fingerprint
}

// identity is what makes two entries of the account's set the same key: the
// fingerprint, whatever the comment. An entry this provider cannot parse
// (the API checks less) is identified by its text, so it is still matched,
// kept or removed like any other.
func identity(line string) string {
	if fp := fingerprintOf(line); fp != "" {
		return fp
	}
	return "entry:" + strings.TrimSpace(line)
}

func identities(lines []string) map[string]bool {
	out := make(map[string]bool, len(lines))
	for _, l := range lines {
		out[identity(l)] = true
	}
	return out
}

// validKey checks one public key at plan time, including that the request
// writing it (the whole key set, of which it is at least a part) can stay
// under Runpod's body limit. attr names the attribute in messages.
type validKey struct{ attr string }

func (validKey) Description(context.Context) string {
	return "must be one OpenSSH public key line: \"<type> <base64 key> [comment]\""
}

func (v validKey) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v validKey) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	k, err := parseKey(req.ConfigValue.ValueString())
	if err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid SSH Public Key",
			"Expected one OpenSSH public key, as in ~/.ssh/id_ed25519.pub: \"<type> <base64 key> [comment]\", but "+err.Error()+".")
		return
	}
	if size, err := putBodySize([]string{k.Line()}); err == nil && size > runpod.MaxRequestBodyBytes {
		resp.Diagnostics.AddAttributeError(req.Path, tooLargeSummary(), tooLargeDetail(size, false, fmt.Sprintf(
			"Key %s in %s makes it that large on its own: its comment is %d bytes. Shorten the comment.",
			k.Fingerprint, v.attr, len(k.Comment))))
	}
}
