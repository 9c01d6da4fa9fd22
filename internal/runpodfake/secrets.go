package runpodfake

import (
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// Secret is the fake's model of a secret ([newer-docs]), served as
// secrets_wire.go declares. Value is write-only in the API: it is never returned, and kept here only
// so that tests can check what the provider sent. A nil Description or
// ValueLastUpdatedAt is sent as null.
type Secret struct {
	ID                 string
	Name               string
	Description        *string
	CreatedAt          time.Time
	ValueLastUpdatedAt *time.Time
	Value              string
}

type storedSecret struct {
	s   Secret
	seq int64
}

// secretStore is the account's secrets plus the clock that stamps them.
type secretStore struct {
	byID map[string]*storedSecret
	// last is the latest timestamp handed out: every write gets a strictly
	// later one, so a rotation always moves valueLastUpdatedAt even when two
	// writes fall in the same millisecond.
	last time.Time
}

func newSecretStore() secretStore {
	return secretStore{byID: map[string]*storedSecret{}}
}

// now returns a timestamp later than every earlier one. Callers hold f.mu.
func (ss *secretStore) now() time.Time {
	t := time.Now().UTC().Truncate(time.Millisecond)
	if !t.After(ss.last) {
		t = ss.last.Add(time.Millisecond)
	}
	ss.last = t
	return t
}

func formatTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

func cloneString(s *string) *string {
	if s == nil {
		return nil
	}
	c := *s
	return &c
}

// Limits from create-a-secret / update-a-secret ([newer-docs]).
const (
	secretNameMaxLen        = 191
	secretValueMaxLen       = 16777216 // characters (maxLength), and strictly fewer bytes
	secretDescriptionMaxLen = 65535    // characters (maxLength), and at most this many bytes
)

// secretNamePattern is the documented name pattern.
const secretNamePattern = `^[a-zA-Z_][a-zA-Z0-9_.\-/]*$`

var (
	createSecretSchema = sObject(map[string]*schema{
		"name":        sPatternMinLen(secretNamePattern, 1),
		"value":       sNonEmpty(),
		"description": sString(),
	}, "name", "value")
	updateSecretSchema = func() *schema {
		s := sObject(map[string]*schema{
			"value":       sNonEmpty(),
			"description": sString(),
		})
		s.minProps = intp(1)
		return s
	}()
)

func sPatternMinLen(p string, n int) *schema {
	return &schema{types: []string{"string"}, pattern: regexp.MustCompile(p), minLength: intp(n)}
}

type secretBody struct {
	Name        string  `json:"name"`
	Value       *string `json:"value"`
	Description *string `json:"description"`
}

// secretMaxLengths adds the maxLength violations the small schema language cannot
// express. Like the other schema problems they are 422.
func secretMaxLengths(b secretBody) []string {
	var errs []string
	if n := utf8.RuneCountInString(b.Name); n > secretNameMaxLen {
		errs = append(errs, fmt.Sprintf("$.name: maxLength: got %d, want %d", n, secretNameMaxLen))
	}
	if b.Value != nil {
		if n := utf8.RuneCountInString(*b.Value); n > secretValueMaxLen {
			errs = append(errs, fmt.Sprintf("$.value: maxLength: got %d, want %d", n, secretValueMaxLen))
		} else if len(*b.Value) >= secretValueMaxLen {
			errs = append(errs, fmt.Sprintf("$.value: must be smaller than %d bytes of UTF-8", secretValueMaxLen))
		}
	}
	if b.Description != nil {
		if n := utf8.RuneCountInString(*b.Description); n > secretDescriptionMaxLen {
			errs = append(errs, fmt.Sprintf("$.description: maxLength: got %d, want %d", n, secretDescriptionMaxLen))
		}
	}
	return errs
}

// descriptionTooManyBytes is the byte rule on descriptions: a text within
// maxLength characters can still be more than 65535 bytes. It is checked as
// a business rule (400), after the schema, which is what makes a combined
// PATCH fail after its value was already applied.
func descriptionTooManyBytes(d string) *problem {
	if len(d) > secretDescriptionMaxLen {
		return badRequest("description must be at most %d bytes of UTF-8 text, got %d", secretDescriptionMaxLen, len(d))
	}
	return nil
}

func (f *Fake) secretRoutes() {
	f.handle("GET /v2/account/secrets", f.listSecrets)
	f.handle("POST /v2/account/secrets", f.createSecret)
	f.handle("GET /v2/account/secrets/{id}", f.getSecret)
	f.handle("PATCH /v2/account/secrets/{id}", f.updateSecret)
	f.handle("DELETE /v2/account/secrets/{id}", f.deleteSecretHandler)
}

// sortedSecrets lists secrets in creation order. Callers hold f.mu.
func (f *Fake) sortedSecrets() []*storedSecret {
	all := make([]*storedSecret, 0, len(f.secrets.byID))
	for _, s := range f.secrets.byID {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	return all
}

// listSecrets answers GET /v2/account/secrets; ?name= returns only the
// secret with that name, matched case-insensitively.
func (f *Fake) listSecrets(r *http.Request, _ []byte) (int, any, *problem) {
	qr := queryReader{q: r.URL.Query()}
	name, byName := qr.get("name")
	if p := qr.problem(); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []Secret{}
	for _, s := range f.sortedSecrets() {
		if !byName || strings.EqualFold(s.s.Name, name) {
			out = append(out, s.s)
		}
	}
	return http.StatusOK, map[string]any{"secrets": secretsJSON(out)}, nil
}

func (f *Fake) createSecret(r *http.Request, body []byte) (int, any, *problem) {
	var b secretBody
	if _, p := decodeStrict(body, createSecretSchema, &b); p != nil {
		return 0, nil, p
	}
	if errs := secretMaxLengths(b); len(errs) > 0 {
		return 0, nil, unprocessable(errs...)
	}
	// INFERRED: the docs reject the reserved prefix without naming the
	// status; it is a rule on a schema-valid name, so 400.
	if strings.HasPrefix(strings.ToUpper(b.Name), "RUNPOD") {
		return 0, nil, badRequest("secret names must not start with the reserved prefix RUNPOD")
	}
	if b.Description != nil {
		if p := descriptionTooManyBytes(*b.Description); p != nil {
			return 0, nil, p
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	// INFERRED: the docs do not say whether uniqueness ignores case. The
	// ?name= filter matches case-insensitively and "returns only the secret
	// with this name", so the fake takes the stricter reading and refuses a
	// name that differs from an existing one only in case.
	for _, s := range f.secrets.byID {
		if strings.EqualFold(s.s.Name, b.Name) {
			return 0, nil, newProblem(http.StatusConflict, "A secret with this name already exists")
		}
	}
	now := f.secrets.now()
	s := &storedSecret{s: Secret{
		ID:                 f.ids.next(),
		Name:               b.Name,
		Description:        nonEmpty(b.Description),
		CreatedAt:          now,
		ValueLastUpdatedAt: &now,
		Value:              *b.Value,
	}, seq: f.nextSeq()}
	f.secrets.byID[s.s.ID] = s
	return http.StatusCreated, secretJSON(s.s), nil
}

// nonEmpty stores "" as no description.
func nonEmpty(s *string) *string {
	if s == nil || *s == "" {
		return nil
	}
	return cloneString(s)
}

func (f *Fake) getSecret(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.secrets.byID[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("secret not found")
	}
	return http.StatusOK, secretJSON(s.s), nil
}

// updateSecret applies the value first and then the description, and is not
// atomic: when the description is refused, the new value stays live and the
// call still fails, as update-a-secret documents.
func (f *Fake) updateSecret(r *http.Request, body []byte) (int, any, *problem) {
	var b secretBody
	if _, p := decodeStrict(body, updateSecretSchema, &b); p != nil {
		return 0, nil, p
	}
	if errs := secretMaxLengths(b); len(errs) > 0 {
		return 0, nil, unprocessable(errs...)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.secrets.byID[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("secret not found")
	}
	if b.Value != nil {
		now := f.secrets.now()
		s.s.Value = *b.Value
		s.s.ValueLastUpdatedAt = &now
	}
	if b.Description != nil {
		if p := descriptionTooManyBytes(*b.Description); p != nil {
			return 0, nil, p
		}
		s.s.Description = nonEmpty(b.Description)
	}
	return http.StatusOK, secretJSON(s.s), nil
}

// deleteSecretHandler deletes without any in-use check: the API documents
// none. Pods and templates that reference the secret fail at their next boot.
// INFERRED: 204 and 404, as for every other v2 delete.
func (f *Fake) deleteSecretHandler(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := r.PathValue("id")
	if _, ok := f.secrets.byID[id]; !ok {
		return 0, nil, notFound("secret not found")
	}
	delete(f.secrets.byID, id)
	return http.StatusNoContent, nil, nil
}

// SeedSecret stores a secret as if created earlier, minting an id if s.ID is
// empty and stamping CreatedAt and ValueLastUpdatedAt if they are zero. It
// returns the stored copy (with the value) and panics if s.ID is taken.
func (f *Fake) SeedSecret(s Secret) Secret {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s.ID == "" {
		s.ID = f.ids.next()
	} else if !f.ids.claim(s.ID) {
		panic("runpodfake: SeedSecret: id " + s.ID + " is already taken")
	}
	now := f.secrets.now()
	if s.CreatedAt.IsZero() {
		s.CreatedAt = now
	}
	if s.ValueLastUpdatedAt == nil {
		s.ValueLastUpdatedAt = &now
	}
	s.Description = nonEmpty(s.Description)
	f.secrets.byID[s.ID] = &storedSecret{s: s, seq: f.nextSeq()}
	return s
}

// Secret returns a stored secret including its write-only value, so tests
// can check what the provider sent.
func (f *Fake) Secret(id string) (Secret, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.secrets.byID[id]
	if !ok {
		return Secret{}, false
	}
	c := s.s
	c.Description = cloneString(c.Description)
	return c, true
}

// RotateSecret sets a new value out of band, as the console would, moving
// valueLastUpdatedAt. False if id is unknown.
func (f *Fake) RotateSecret(id, value string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.secrets.byID[id]
	if !ok {
		return false
	}
	now := f.secrets.now()
	s.s.Value = value
	s.s.ValueLastUpdatedAt = &now
	return true
}

// DeleteSecret deletes a secret out of band (drift). False if id is unknown.
func (f *Fake) DeleteSecret(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.secrets.byID[id]; !ok {
		return false
	}
	delete(f.secrets.byID, id)
	return true
}
