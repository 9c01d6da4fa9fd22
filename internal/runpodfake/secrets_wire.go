package runpodfake

// The Secret object as the API serves it (the API reference, [newer-docs]), built
// from the fake's model; see wire.go.

// secretJSON is {id, name, description, createdAt, valueLastUpdatedAt}:
// description and valueLastUpdatedAt are null when unset, the times are
// written as formatTime writes them, and the value is never sent.
func secretJSON(s Secret) wireObject {
	var updated *string
	if s.ValueLastUpdatedAt != nil {
		t := formatTime(*s.ValueLastUpdatedAt)
		updated = &t
	}
	return wireObject{
		{"id", s.ID},
		{"name", s.Name},
		{"description", s.Description},
		{"createdAt", formatTime(s.CreatedAt)},
		{"valueLastUpdatedAt", updated},
	}
}

// secretsJSON is a list of Secret objects ({secrets: [Secret]}).
func secretsJSON(ss []Secret) any { return wireList(ss, secretJSON) }
