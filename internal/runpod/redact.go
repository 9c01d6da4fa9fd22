package runpod

import (
	"errors"
	"strings"
)

// redacted replaces a credential quoted back in an error.
const redacted = "***"

// RedactError scrubs the given values (secret values, registry passwords)
// from an *APIError's detail and validation errors, in place, and returns
// err. A server that quotes the request back in its error would otherwise
// put the credential in a diagnostic, which Terraform prints and logs. Empty
// values are ignored. WithSensitiveValues does the same for log lines.
func RedactError(err error, values ...string) error {
	var apiErr *APIError
	if err == nil || !errors.As(err, &apiErr) {
		return err
	}
	for _, v := range values {
		if v == "" {
			continue
		}
		apiErr.Title = strings.ReplaceAll(apiErr.Title, v, redacted)
		apiErr.Detail = strings.ReplaceAll(apiErr.Detail, v, redacted)
		for i := range apiErr.Errors {
			apiErr.Errors[i] = strings.ReplaceAll(apiErr.Errors[i], v, redacted)
		}
	}
	return err
}
