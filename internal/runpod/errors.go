package runpod

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// ErrAmbiguous marks a failure after which Runpod may or may not have acted on
// the request: a 5xx answer or a dropped connection on a non-idempotent
// method (POST, PATCH), which the client does not retry. Callers test it with
// errors.Is and look the object up instead of creating it twice.
var ErrAmbiguous = errors.New("the request may have been processed by Runpod")

// APIError is a non-2xx answer from the API, decoded from its
// application/problem+json body (RFC 9457). Method and Path say which call
// failed, because the same status means different things on different routes.
type APIError struct {
	StatusCode int
	Title      string
	Detail     string
	// Errors lists schema-validation failures, mostly on 422.
	Errors []string
	Method string
	Path   string
	// RetryAfter is the server's Retry-After hint (429, 503); zero when absent.
	RetryAfter time.Duration
}

// Error reads like "GET /v2/templates/abc: 404 Not Found: template not found".
func (e *APIError) Error() string {
	var b strings.Builder
	title := e.Title
	if title == "" {
		title = http.StatusText(e.StatusCode)
	}
	fmt.Fprintf(&b, "%s %s: %d", e.Method, e.Path, e.StatusCode)
	if title != "" {
		b.WriteString(" " + title)
	}
	if e.Detail != "" {
		b.WriteString(": " + e.Detail)
	}
	if len(e.Errors) > 0 {
		b.WriteString(" [" + strings.Join(e.Errors, "; ") + "]")
	}
	return b.String()
}

// ambiguousError carries both ErrAmbiguous and the underlying failure, so that
// errors.Is(err, ErrAmbiguous) and errors.As(err, **APIError) both work.
type ambiguousError struct {
	err error
}

func (e *ambiguousError) Error() string {
	return e.err.Error() + " (the request may have been processed: look the object up before retrying)"
}

func (e *ambiguousError) Unwrap() []error { return []error{ErrAmbiguous, e.err} }

func asAPIError(err error) (*APIError, bool) {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr, true
	}
	return nil, false
}

func hasStatus(err error, codes ...int) bool {
	apiErr, ok := asAPIError(err)
	if !ok {
		return false
	}
	for _, c := range codes {
		if apiErr.StatusCode == c {
			return true
		}
	}
	return false
}

// messageContains reports whether the detail or any validation entry
// mentions one of the phrases. Runpod has no machine-readable codes for
// "in use" or "no capacity", only wording, so the predicates below read it.
func messageContains(apiErr *APIError, phrases ...string) bool {
	text := strings.ToLower(apiErr.Detail + " " + strings.Join(apiErr.Errors, " "))
	for _, p := range phrases {
		if strings.Contains(text, p) {
			return true
		}
	}
	return false
}

// IsNotFound reports a 404: the object is gone or not visible to this key.
func IsNotFound(err error) bool { return hasStatus(err, http.StatusNotFound) }

// IsConflict reports a 409 (duplicate secret name, cluster member, invalid
// pod action for the current status).
func IsConflict(err error) bool { return hasStatus(err, http.StatusConflict) }

// IsValidation reports a 422: the body failed schema validation and retrying
// the same request cannot succeed.
func IsValidation(err error) bool { return hasStatus(err, http.StatusUnprocessableEntity) }

// IsBadRequest reports a 400: a business-rule violation or a placement
// (capacity) failure.
func IsBadRequest(err error) bool { return hasStatus(err, http.StatusBadRequest) }

// IsRateLimited reports a 429 that outlasted the client's retries.
func IsRateLimited(err error) bool { return hasStatus(err, http.StatusTooManyRequests) }

// IsUnauthorized reports a 401 (missing or bad key) or 403 (key lacks the
// permission).
func IsUnauthorized(err error) bool {
	return hasStatus(err, http.StatusUnauthorized, http.StatusForbidden)
}

// IsInUse reports a refusal to delete something still referenced by a pod or
// endpoint (templates, registries and volumes get 400; some routes use 409).
func IsInUse(err error) bool {
	apiErr, ok := asAPIError(err)
	if !ok || (apiErr.StatusCode != http.StatusBadRequest && apiErr.StatusCode != http.StatusConflict) {
		return false
	}
	return messageContains(apiErr, "in use", "in-use", "being used", "must remove", "from all pods")
}

// IsCapacity reports a 400 saying the requested GPU/CPU could not be placed.
// The API has no code for it, so the detail text decides; an invalid GPU type
// id gets the same answer.
func IsCapacity(err error) bool {
	apiErr, ok := asAPIError(err)
	if !ok || apiErr.StatusCode != http.StatusBadRequest {
		return false
	}
	return messageContains(apiErr, "no instances", "capacity", "not available", "no available", "unavailable")
}
