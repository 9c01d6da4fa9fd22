package datasources

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestJoinBounded(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		lines []string
		limit int
		want  string
	}{
		{"empty", nil, 10, ""},
		{"fits", []string{"ab", "cd"}, 10, "ab\ncd"},
		{"oldest left out", []string{"aaaa", "bbbb", "cccc"}, 10, "(1 earlier lines left out)\nbbbb\ncccc"},
		{"newest too long", []string{"a", "0123456789xyz"}, 10, "(1 earlier lines and the start of this one left out)\n89xyz"},
		{"cut on a rune boundary", []string{strings.Repeat("é", 8)}, 10, "(0 earlier lines and the start of this one left out)\néé"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := joinBounded(tc.lines, tc.limit)
			if got != tc.want || !utf8.ValidString(got) {
				t.Fatalf("joinBounded = %q, want %q", got, tc.want)
			}
		})
	}
}
