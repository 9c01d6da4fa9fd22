package sshkey

import (
	"strings"
	"testing"
)

// Fingerprints as `ssh-keygen -lf` printed them for these keys.
const (
	ed25519Key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILXGDN/SclOozk1xsDztpmhGiKkkrfQB9SKoO8dSIQQZ me@example.com"
	ed25519FP  = "SHA256:vURoX8c5f9jk2VAqkdDhsG8VkEiNtNS7dVs/Y9t2vtQ"
	ecdsaKey   = "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBCwevDA2iOxyW5j6eOcG/MfTaND+tNN+s664Cr8/bqUYltOTSC3n0QiPhZaLsK6MFXzZXrVti9eZ8smLUfN/Aco= ci@example"
	ecdsaFP    = "SHA256:ihH8ynrsVmSS11cNZy09MTZDb5jvS3VnZnFYMm1zUYY"
	// ssh-keygen writes an RSA key without a comment with a trailing space.
	rsaKey = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCIP/wosu3z6O/uE2Ih8/QbjsxjXppBLNuqfybaM7EJ/tE5J1rR4p9Ppp6B2Wwkap/EnvWEDjc8pW9LoOX8+BcBhwN3qHeFMqkUGBTSy57jvUVQrSqAN7RLyp/WAKO2iGPtLKmDtRXIJcY9GFVw/uYfNBlEtgL6nqBsYVdOBKXboiWqSwPcNjTk3Q5kIEirW4xxBbih98vKTZcoJpfB4wJNm9iW392BQtihnun8o0sEdZkfq9OZe3E1RRsLxWW4jLAren5LVdNA/Y0Kp1P6cRtG8jD3KEP83Afcjr5vjZKLJBJh48ZvYC0TZJB2bfpjRcqsZkLXJZCls5HSx7ajBbDr "
	rsaFP  = "SHA256:RGi54gnAqBdpvYfQ7WW4ProDYkcufZOGLfLiYX+T6ZM"
)

func TestParseKey(t *testing.T) {
	cases := []struct {
		in, typ, comment, fp, line string
	}{
		{ed25519Key, "ssh-ed25519", "me@example.com", ed25519FP, ed25519Key},
		// file() keeps the trailing newline; the API's pattern refuses it.
		{ed25519Key + "\n", "ssh-ed25519", "me@example.com", ed25519FP, ed25519Key},
		{ecdsaKey, "ecdsa-sha2-nistp256", "ci@example", ecdsaFP, ecdsaKey},
		{rsaKey, "ssh-rsa", "", rsaFP, strings.TrimSpace(rsaKey)},
		// Extra spaces between the parts are normalized; the comment keeps its own.
		{"  ssh-ed25519   AAAAC3NzaC1lZDI1NTE5AAAAILXGDN/SclOozk1xsDztpmhGiKkkrfQB9SKoO8dSIQQZ   my  laptop ", "ssh-ed25519", "my  laptop", ed25519FP,
			"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILXGDN/SclOozk1xsDztpmhGiKkkrfQB9SKoO8dSIQQZ my  laptop"},
	}
	for _, c := range cases {
		k, err := parseKey(c.in)
		if err != nil {
			t.Errorf("parseKey(%q): %v", c.in, err)
			continue
		}
		if k.Type != c.typ || k.Comment != c.comment || k.Fingerprint != c.fp || k.Line() != c.line {
			t.Errorf("parseKey(%q) = %+v, line %q", c.in, k, k.Line())
		}
		if !apiKeyPattern.MatchString(k.Line()) {
			t.Errorf("line %q does not match the API's pattern", k.Line())
		}
	}
}

func TestParseKeyRefusals(t *testing.T) {
	blob := strings.Fields(ed25519Key)[1]
	cases := []struct{ in, want string }{
		{"", "empty"},
		{"   \n", "empty"},
		{"hello", "not an OpenSSH public key"},
		{"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----", "several lines"},
		{"-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAA", "private key"},
		{ed25519Key + "\n" + ecdsaKey, "several lines"},
		{"rsa " + blob, `key type "rsa" is not an OpenSSH public key type`},
		{"ssh-ed25519 not*base64", "not valid base64"},
		{"ssh-ed25519 " + blob[:40], "cut short"},
		{"ssh-ed25519 " + blob[:41], "not valid base64"},
		{"ssh-rsa " + blob, "does not encode a ssh-rsa key"},
		{"ssh-ed25519 AAAA", "too short"},
	}
	for _, c := range cases {
		_, err := parseKey(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parseKey(%q) = %v, want an error mentioning %q", c.in, err, c.want)
		}
	}
}
