// Package diagnostics holds the constructors for the errors and warnings the
// provider shows, so that every message has the same shape: a title-case
// summary, then what failed, what the user can do, and the API's own words.
package diagnostics

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// APIError describes a failed API call. action says what the provider was
// doing ("creating template \"web\""); the API's status, title, detail and
// validation errors follow. Ambiguous create failures get a note that the
// object may exist. An update uses UpdateError instead.
func APIError(summary, action string, err error) diag.Diagnostic {
	return diag.NewErrorDiagnostic(summary, APIErrorDetail(action, err))
}

// APIErrorDetail is the detail text of APIError, for callers that attach it
// to an attribute.
func APIErrorDetail(action string, err error) string {
	return errorDetail(action, err, "The request may have been processed before it failed, so the object may exist in the "+
		"account. The provider did not send it again.")
}

// UpdateError describes a failed update of an object that exists: after an
// ambiguous failure (a 5xx, a dropped connection) what is unknown is whether
// the change was applied, not whether the object exists.
func UpdateError(summary, action string, err error) diag.Diagnostic {
	return diag.NewErrorDiagnostic(summary, UpdateErrorDetail(action, err))
}

// UpdateErrorDetail is the detail text of UpdateError.
func UpdateErrorDetail(action string, err error) string {
	return errorDetail(action, err, "The request may have been processed before it failed: the update may or may not "+
		"have been applied; the next plan shows what differs. The provider did not send it again.")
}

// NotCreatedDetail is the detail of a create that failed ambiguously (err)
// and whose lookup by name afterwards found no kind named name: it was not
// created, and applying again is safe.
func NotCreatedDetail(action, kind, name string, err error) string {
	return errorDetail(action, err, "") + fmt.Sprintf("\n\nThe request may have been processed before it failed, so "+
		"the provider looked for the %s instead of sending it again: %s %q was not created: a lookup by name found "+
		"none. Applying again is safe.", kind, kind, name)
}

// errorDetail is the detail of a failed call: what the API answered (a
// refusal for a 4xx, a server error for a 5xx) or how the connection failed,
// and, when the request may have been processed (runpod.ErrAmbiguous),
// ambiguousNote (none when it is "").
func errorDetail(action string, err error, ambiguousNote string) string {
	var b strings.Builder
	var apiErr *runpod.APIError
	switch {
	case errors.As(err, &apiErr):
		if apiErr.StatusCode >= 500 {
			fmt.Fprintf(&b, "The Runpod API failed with a server error while %s.\n\n", action)
		} else {
			fmt.Fprintf(&b, "The Runpod API refused %s.\n\n", action)
		}
		fmt.Fprintf(&b, "Status: %d %s\n", apiErr.StatusCode, apiErr.Title)
		if apiErr.Detail != "" {
			fmt.Fprintf(&b, "Detail: %s\n", apiErr.Detail)
		}
		for _, e := range apiErr.Errors {
			fmt.Fprintf(&b, "  - %s\n", e)
		}
		apiErrorHint(&b, apiErr, err)
	default:
		fmt.Fprintf(&b, "Error while %s: %s", action, err)
		var connErr *runpod.ConnectionError
		switch {
		case runpod.IsRequestTimeout(err):
			b.WriteString("\n\nRunpod accepted the request but did not answer it within the provider's request_timeout_seconds. " +
				"The API may be degraded: check Runpod's status page and run again, or raise request_timeout_seconds.")
		case errors.As(err, &connErr) && connErr.Reached:
			b.WriteString("\n\n" + DroppedHint(connErr.BaseURL))
		case errors.As(err, &connErr):
			b.WriteString("\n\n" + UnreachableHint(connErr.BaseURL))
		}
	}
	if errors.Is(err, runpod.ErrAmbiguous) && ambiguousNote != "" {
		b.WriteString("\n\n" + ambiguousNote)
	}
	return strings.TrimRight(b.String(), "\n")
}

// apiErrorHint adds what the user can do about some API answers.
func apiErrorHint(b *strings.Builder, apiErr *runpod.APIError, err error) {
	switch {
	case runpod.IsUnauthorized(err):
		b.WriteString("\nCheck the API key (api_key or RUNPOD_API_KEY) and that it has access to this kind of object.")
	case runpod.IsRateLimited(err):
		fmt.Fprintf(b, "\nThe account's rate limit was reached and stayed spent for longer than the provider waits for "+
			"one request (up to %s of Retry-After waits, within the operation's timeout)", runpod.DefaultRateLimitWaitMax)
		if apiErr.RetryAfter > 0 {
			fmt.Fprintf(b, "; Runpod asked to wait another %s", apiErr.RetryAfter)
		}
		b.WriteString(". Wait and run again, or lower -parallelism.")
	case runpod.IsRequestTooLarge(err):
		fmt.Fprintf(b, "\nRunpod accepts request bodies of at most %d bytes (100 KB) and refused this one before acting on it. "+
			"Make the largest values (env, docker_start_cmd, SSH key comments) smaller.", runpod.MaxRequestBodyBytes)
	}
}

// AlreadyExists is the error for a create whose name is already taken by an
// object that is not in this configuration's state. The provider never
// creates over or adopts it silently; the user imports it or renames.
func AlreadyExists(kind, name, id, resourceType string) diag.Diagnostic {
	return diag.NewErrorDiagnostic(
		fmt.Sprintf("%s Name Already Taken", TitleCase(kind)),
		fmt.Sprintf("A %s named %q already exists in the Runpod account (id %s), and this configuration does not manage it. "+
			"The provider does not create over existing objects.\n\n"+
			"To manage the existing %s with Terraform, import it, replacing NAME with the resource's name in your configuration:\n\n"+
			"%s\n\n"+
			"Otherwise choose a different name.",
			kind, name, id, kind, ImportHint(resourceType, id)))
}

// ImportHint says how to take the existing object id into state as a
// resourceType, NAME standing for the resource's name in the user's
// configuration: the import command, then the equivalent import block.
// Every message that asks the user to import an object (a name already
// taken, a create that may have happened, a twin of a lost create) ends
// with it, so they all say it the same way.
func ImportHint(resourceType, id string) string {
	return fmt.Sprintf("  terraform import %s.NAME %s\n\nor add an import block:\n\n  import {\n    to = %s.NAME\n    id = %q\n  }",
		resourceType, id, resourceType, id)
}

// TitleCase capitalises each word, for summaries: "network volume" -> "Network Volume".
func TitleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// A is noun with its indefinite article, for messages about a kind:
// "a pod", "an endpoint", "an SSH key" (an acronym is read letter by letter).
func A(noun string) string {
	word, _, _ := strings.Cut(noun, " ")
	if word == "" {
		return noun
	}
	vowels := "aeiouAEIOU"
	if len(word) > 1 && strings.ToUpper(word) == word {
		vowels = "AEFHILMNORSX" // letters whose names begin with a vowel sound
	}
	if strings.ContainsRune(vowels, rune(word[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// InUse is the error for a delete the API refused because something still
// uses the object. remedy says what the user can do; the provider never
// detaches or deletes dependents on its own.
func InUse(kind, name, id string, err error, remedy string) diag.Diagnostic {
	detail := fmt.Sprintf("Runpod refused to delete %s %q (%s) because it is in use.", kind, name, id)
	var apiErr *runpod.APIError
	if errors.As(err, &apiErr) && apiErr.Detail != "" {
		detail += "\n\nRunpod said: " + apiErr.Detail
	} else if err != nil {
		detail += "\n\n" + err.Error()
	}
	if remedy != "" {
		detail += "\n\n" + remedy
	}
	return diag.NewErrorDiagnostic(fmt.Sprintf("%s Is In Use", TitleCase(kind)), detail)
}

// RequestTooLarge is the summary and detail for a request body over Runpod's
// limit (runpod.MaxRequestBodyBytes), naming the attribute that makes it
// large. It returns strings rather than a diagnostic so that callers can
// attach it to the attribute (AddAttributeError) at plan time, or add it
// plainly when mapping an apply-time 413. size is the body's size in bytes;
// zero or less means it is not known (a 413 reports no size).
func RequestTooLarge(attr string, size int) (summary, detail string) {
	summary = "Request Body Too Large"
	var b strings.Builder
	if size > 0 {
		fmt.Fprintf(&b, "The request the provider would send to Runpod is %d bytes, over Runpod's limit of %d bytes (100 KB) per request body. ",
			size, runpod.MaxRequestBodyBytes)
	} else {
		fmt.Fprintf(&b, "Runpod refused the request because its body is over the limit of %d bytes (100 KB) per request body. ",
			runpod.MaxRequestBodyBytes)
	}
	fmt.Fprintf(&b, "Most of it comes from %s.\n\n", attr)
	fmt.Fprintf(&b, "Make %s smaller so that the whole request stays under %d bytes: for example keep large data in the image, "+
		"a network volume or a file the container downloads at start, and pass only its location.", attr, runpod.MaxRequestBodyBytes)
	if size <= 0 {
		b.WriteString(" Runpod refused the request before acting on it, so nothing was changed.")
	}
	return summary, b.String()
}

// DroppedHint is what a connection failure means when earlier requests of
// the same run reached the API at baseURL: the address is right and the
// connection dropped mid-run.
func DroppedHint(baseURL string) string {
	return fmt.Sprintf("Earlier requests of this run reached the Runpod API at %s, so the address is right: the "+
		"connection dropped during the run (a network interruption, a proxy or Runpod closing it). Run the same command "+
		"again once the network is stable: the provider reads every object again first, and it never sends a create "+
		"twice; a create whose answer was lost is looked up, or reported, before anything is created again.", baseURL)
}

// UnreachableHint tells the user which settings choose the API address when
// a request got no answer at all, since a typo in base_url or RUNPOD_API_URL
// otherwise reads as a bare "dial tcp" error.
func UnreachableHint(baseURL string) string {
	return fmt.Sprintf("The provider could not reach the Runpod API at %s. The address comes from base_url in the "+
		"provider \"runpod\" block, else the RUNPOD_API_URL environment variable, else %s. A valid value is the "+
		"API's http(s) address without the /v2 path, such as %q; unset both to use Runpod's API. "+
		"If the address is right, check the network, proxy and firewall between this machine and it.",
		baseURL, runpod.DefaultBaseURL, runpod.DefaultBaseURL)
}
