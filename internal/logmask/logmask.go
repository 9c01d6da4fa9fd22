// Package logmask hides the values of secret environment variables in log
// lines before a data source stores them.
//
// Runpod substitutes an env value of `{{ RUNPOD_SECRET_<name> }}` with the
// secret's value when a pod or worker boots and never
// returns the value, so the provider cannot know it. What it can know is
// which variables hold one: a container that dumps its environment
// (`env`, `printenv`, a settings object logged at start) prints them as
// KEY=value, KEY: value, "KEY": "value" and the like, and those are what a
// Masker recognises and hides. A secret printed on its own, without its
// variable's name, is not recognised.
package logmask

import (
	"regexp"
	"slices"
	"strings"
)

// Mask is what replaces a hidden value.
const Mask = "***"

// secretRef is a secret reference in an env value, with any spacing inside
// the braces; case is ignored, as the provider's secret checks do (a value
// masked too many is cheap, a leaked secret is not).
var secretRef = regexp.MustCompile(`(?i)\{\{\s*RUNPOD_SECRET_[^}]*\}\}`)

// SecretKeys returns, sorted, the keys of env whose value references a
// Runpod secret.
func SecretKeys(env map[string]string) []string {
	var keys []string
	for k, v := range env {
		if k != "" && secretRef.MatchString(v) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// Masker hides the values of a set of env variables in log lines. The zero
// Masker (no keys) changes nothing.
type Masker struct {
	re *regexp.Regexp
}

// ForEnv is the Masker of the variables of env that reference a secret.
func ForEnv(env map[string]string) Masker { return New(SecretKeys(env)...) }

// New is the Masker of the variables named keys.
func New(keys ...string) Masker {
	if len(keys) == 0 {
		return Masker{}
	}
	quoted := make([]string, len(keys))
	for i, k := range keys {
		quoted[i] = regexp.QuoteMeta(k)
	}
	// The name, not part of a longer name, maybe quoted, then = or :. Go's
	// regexp has no lookbehind, so the character before is matched (group
	// 1) and kept.
	re := `(^|[^A-Za-z0-9_])["']?(?:` + strings.Join(quoted, "|") + `)["']?\s*[=:]\s*`
	return Masker{re: regexp.MustCompile(re)}
}

// Line returns line with the value after each of the Masker's variables
// replaced by Mask: a quoted value up to its closing quote (or the end of
// the line), an unquoted one up to the end of the line, since a value may
// hold spaces and hiding the rest of a line is safer than showing part of
// a secret. An empty value is left as it is.
func (m Masker) Line(line string) string {
	if m.re == nil {
		return line
	}
	var b strings.Builder
	rest := line
	for {
		loc := m.re.FindStringIndex(rest)
		if loc == nil {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:loc[1]])
		value := rest[loc[1]:]
		switch {
		case value == "":
			rest = ""
		case value[0] == '"' || value[0] == '\'':
			q := value[0]
			end := strings.IndexByte(value[1:], q)
			if end < 0 {
				b.WriteByte(q)
				b.WriteString(Mask)
				rest = ""
				continue
			}
			if end == 0 { // an empty quoted value
				b.WriteString(value[:2])
				rest = value[2:]
				continue
			}
			b.WriteByte(q)
			b.WriteString(Mask)
			rest = value[1+end:] // from the closing quote on
		default:
			b.WriteString(Mask)
			rest = ""
		}
	}
}
