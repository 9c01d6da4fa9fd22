package diagnostics

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

func TestAlreadyExistsGivesIDAndImportCommand(t *testing.T) {
	d := AlreadyExists("template", "web", "abc123", "runpod_template")
	if d.Summary() != "Template Name Already Taken" {
		t.Errorf("summary %q", d.Summary())
	}
	for _, want := range []string{`named "web"`, "(id abc123)", "terraform import runpod_template.NAME abc123", `id = "abc123"`} {
		if !strings.Contains(d.Detail(), want) {
			t.Errorf("detail lacks %q:\n%s", want, d.Detail())
		}
	}
}

func TestAPIErrorDetail(t *testing.T) {
	apiErr := &runpod.APIError{StatusCode: 422, Title: "Unprocessable Entity", Detail: "validation failed",
		Errors: []string{"$: additional properties 'bogus' not allowed"}}
	got := APIErrorDetail("creating template \"web\"", fmt.Errorf("wrapped: %w", apiErr))
	for _, want := range []string{`refused creating template "web"`, "Status: 422 Unprocessable Entity", "Detail: validation failed", "- $: additional properties 'bogus' not allowed"} {
		if !strings.Contains(got, want) {
			t.Errorf("detail lacks %q:\n%s", want, got)
		}
	}

	unauthorized := APIErrorDetail("listing templates", &runpod.APIError{StatusCode: 401, Title: "Unauthorized"})
	if !strings.Contains(unauthorized, "Check the API key") {
		t.Errorf("401 detail gives no hint:\n%s", unauthorized)
	}

	ambiguous := APIErrorDetail("creating pod \"p\"", fmt.Errorf("POST /v2/pods: %w", runpod.ErrAmbiguous))
	if !strings.Contains(ambiguous, "may have been processed") || !strings.Contains(ambiguous, "did not send it again") {
		t.Errorf("ambiguous failure not explained:\n%s", ambiguous)
	}

	plain := APIErrorDetail("reading template x", errors.New("connection refused"))
	if !strings.Contains(plain, "Error while reading template x: connection refused") || strings.Contains(plain, "may have been processed") {
		t.Errorf("transport failure detail:\n%s", plain)
	}
}

func TestInUse(t *testing.T) {
	d := InUse("network volume", "weights", "vol1", &runpod.APIError{StatusCode: 400, Detail: "in use by pod abc"}, "Stop the pod.")
	if d.Summary() != "Network Volume Is In Use" {
		t.Errorf("summary %q", d.Summary())
	}
	for _, want := range []string{`network volume "weights" (vol1)`, "Runpod said: in use by pod abc", "Stop the pod."} {
		if !strings.Contains(d.Detail(), want) {
			t.Errorf("detail lacks %q:\n%s", want, d.Detail())
		}
	}
}

// A 5xx answer to a create is both an API error and ambiguous: the detail
// shows the status and says the object may exist.
func TestAPIErrorDetailAmbiguous5xx(t *testing.T) {
	err := fmt.Errorf("%w", errors.Join(runpod.ErrAmbiguous, &runpod.APIError{StatusCode: 503, Title: "Service Unavailable"}))
	got := APIErrorDetail("creating template \"t\"", err)
	if !strings.Contains(got, "Status: 503") || !strings.Contains(got, "may have been processed") {
		t.Errorf("detail:\n%s", got)
	}
}

func TestRequestTooLargeNamesAttributeAndLimit(t *testing.T) {
	summary, detail := RequestTooLarge("env", 204812)
	if summary != "Request Body Too Large" {
		t.Errorf("summary %q", summary)
	}
	for _, want := range []string{"204812 bytes", "102400 bytes (100 KB)", "from env", "Make env smaller"} {
		if !strings.Contains(detail, want) {
			t.Errorf("detail lacks %q:\n%s", want, detail)
		}
	}

	_, unknown := RequestTooLarge("public_key", 0)
	for _, want := range []string{"over the limit of 102400 bytes", "from public_key", "nothing was changed"} {
		if !strings.Contains(unknown, want) {
			t.Errorf("detail lacks %q:\n%s", want, unknown)
		}
	}
	if strings.Contains(unknown, " 0 bytes") {
		t.Errorf("unknown size printed as 0:\n%s", unknown)
	}

	api := APIErrorDetail("creating template \"big\"", &runpod.APIError{StatusCode: 413, Title: "Request Entity Too Large"})
	if !strings.Contains(api, "at most 102400 bytes") {
		t.Errorf("413 detail gives no hint:\n%s", api)
	}
}

func TestAPIErrorDetailNamesBaseURLWhenUnreachable(t *testing.T) {
	err := &runpod.ConnectionError{Method: "GET", Path: "/v2/templates", URL: "http://127.0.0.1:1/v2/templates",
		BaseURL: "http://127.0.0.1:1", Attempts: 1, Err: errors.New("dial tcp 127.0.0.1:1: connect: connection refused")}
	got := APIErrorDetail("listing templates", err)
	for _, want := range []string{"http://127.0.0.1:1/v2/templates", "could not reach the Runpod API at http://127.0.0.1:1",
		"base_url", "RUNPOD_API_URL", `"https://api.runpod.io"`} {
		if !strings.Contains(got, want) {
			t.Errorf("detail lacks %q:\n%s", want, got)
		}
	}
}

// TestImportHint pins the one wording of "import it" that every adopt or
// refuse message ends with.
func TestImportHint(t *testing.T) {
	got := ImportHint("runpod_pod", "abc123")
	want := "  terraform import runpod_pod.NAME abc123\n\nor add an import block:\n\n  import {\n    to = runpod_pod.NAME\n    id = \"abc123\"\n  }"
	if got != want {
		t.Fatalf("ImportHint:\n%s\nwant:\n%s", got, want)
	}
}

// A failed update of an object that exists says what is unknown (whether
// the change was applied), and a 5xx is a server error, not a refusal.
func TestUpdateErrorDetail(t *testing.T) {
	err := fmt.Errorf("%w", errors.Join(runpod.ErrAmbiguous, &runpod.APIError{StatusCode: 502, Title: "Bad Gateway"}))
	got := UpdateErrorDetail(`updating template "t"`, err)
	for _, want := range []string{`failed with a server error while updating template "t"`, "Status: 502",
		"the update may or may not have been applied; the next plan shows what differs"} {
		if !strings.Contains(got, want) {
			t.Errorf("detail lacks %q:\n%s", want, got)
		}
	}
	for _, not := range []string{"refused", "may exist in the account"} {
		if strings.Contains(got, not) {
			t.Errorf("detail says %q:\n%s", not, got)
		}
	}
	if got := UpdateErrorDetail("updating template t", &runpod.APIError{StatusCode: 400}); !strings.Contains(got, "refused") {
		t.Errorf("a 4xx is a refusal:\n%s", got)
	}
}

// A connection that dropped after earlier requests of the run reached the
// API does not send the user to check base_url.
func TestAPIErrorDetailDroppedMidRun(t *testing.T) {
	err := &runpod.ConnectionError{Method: "POST", Path: "/v2/templates", URL: "http://127.0.0.1:9/v2/templates",
		BaseURL: "http://127.0.0.1:9", Attempts: 1, Err: errors.New("EOF"), Reached: true}
	got := APIErrorDetail("creating template", err)
	if !strings.Contains(got, "Earlier requests of this run reached the Runpod API at http://127.0.0.1:9") ||
		!strings.Contains(got, "connection dropped") || strings.Contains(got, "base_url") {
		t.Errorf("detail:\n%s", got)
	}
}

func TestNotCreatedDetail(t *testing.T) {
	got := NotCreatedDetail(`creating secret "s"`, "secret", "s", fmt.Errorf("%w", runpod.ErrAmbiguous))
	if !strings.Contains(got, `secret "s" was not created: a lookup by name found none`) || strings.Contains(got, "may exist") {
		t.Errorf("detail:\n%s", got)
	}
}

func TestA(t *testing.T) {
	for noun, want := range map[string]string{
		"pod": "a pod", "endpoint": "an endpoint", "ECR delegation": "an ECR delegation",
		"SSH key": "an SSH key", "network volume": "a network volume", "template": "a template", "": "",
	} {
		if got := A(noun); got != want {
			t.Errorf("A(%q) = %q, want %q", noun, got, want)
		}
	}
}
