package acctest_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

const generated = `
resource "runpod_secret" "a" {
  name             = "team_a"
  value            = null # sensitive
  value_wo         = null # sensitive
  value_wo_version = null
}

resource "runpod_secret" "b" {
  name             = "team_b"
  value            = null # sensitive
  value_wo         = null # sensitive
  value_wo_version = null
}
`

// FillGenerated fills the placeholders of the named block only, and leaves
// the other arguments' placeholders as they are.
func TestFillGenerated(t *testing.T) {
	got := acctest.FillGenerated(t, generated, "runpod_secret", "team_b",
		map[string]string{"value_wo": `"v"`, "value_wo_version": "1"})
	want := `
resource "runpod_secret" "a" {
  name             = "team_a"
  value            = null # sensitive
  value_wo         = null # sensitive
  value_wo_version = null
}

resource "runpod_secret" "b" {
  name             = "team_b"
  value            = null # sensitive
  value_wo = "v"
  value_wo_version = 1
}
`
	if got != want {
		t.Errorf("FillGenerated wrote:\n%s\nwant:\n%s", got, want)
	}
}

func TestExpectLinesPerObject(t *testing.T) {
	acctest.ExpectLinesPerObject(t, generated, 2, `value\s+= null # sensitive`, `value_wo_version\s+= null`)
}

func TestAttr(t *testing.T) {
	if got, want := acctest.Attr("gpus", 0, "id").String(), "gpus.0.id"; got != want {
		t.Errorf("Attr = %s, want %s", got, want)
	}
}
