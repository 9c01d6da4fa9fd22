package runpod

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// NormalizeBaseURL checks a base URL and returns it in the form the client
// joins request paths to: scheme://host[/prefix], without a trailing slash and
// without a trailing /v2. Runpod's own docs give the base as
// https://api.runpod.io/v2 while every request path already carries /v2, so a
// user who copies the docs would otherwise send /v2/v2/... and get a 404 for
// everything. The error says what is wrong in words a user can act on (it is
// shown with the setting's name by the provider).
func NormalizeBaseURL(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", errors.New("it is empty")
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("it cannot be parsed as a URL (%v)", unwrapURLError(err))
	}
	switch {
	case u.Scheme == "" || (u.Host == "" && u.Opaque != ""):
		// "api.runpod.io" parses as a path, "localhost:8080" as scheme
		// "localhost" with an opaque part: both lack http(s)://.
		return "", errors.New("it has no http:// or https:// scheme")
	case u.Scheme != "http" && u.Scheme != "https":
		return "", fmt.Errorf("its scheme is %q, and only http and https are supported", u.Scheme)
	case u.Host == "":
		return "", errors.New("it has no host name")
	case u.User != nil:
		return "", errors.New("it carries a user name or password; the API key goes in api_key, never in the URL")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return "", errors.New("it carries a query or fragment")
	}
	path := strings.TrimRight(u.EscapedPath(), "/")
	if strings.HasSuffix(path, "/v2") {
		path = strings.TrimSuffix(path, "/v2")
	} else if strings.HasSuffix(path, "/v1") {
		return "", errors.New("it points at the retired v1 API; this provider uses API v2, whose requests carry /v2 themselves")
	}
	return u.Scheme + "://" + u.Host + strings.TrimRight(path, "/"), nil
}

// unwrapURLError drops url.Error's "parse \"...\":" prefix, which repeats the
// value the caller already quotes.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// ConnectionError is a request that got no HTTP answer at all: the host could
// not be resolved or reached, the TLS handshake failed, or the connection
// dropped. BaseURL is the API address the client was configured with and URL
// the full address tried, so the provider can point the user at the setting
// that is probably wrong. Reached says that an earlier request of the same
// client got an HTTP answer from that address: then the address is right
// and the connection dropped during the run.
type ConnectionError struct {
	Method   string
	Path     string
	URL      string
	BaseURL  string
	Attempts int
	Err      error
	Reached  bool
}

func (e *ConnectionError) Error() string {
	if e.Reached {
		return fmt.Sprintf("%s %s: the connection to the Runpod API at %s dropped: request to %s failed after %d attempt(s): %v",
			e.Method, e.Path, e.BaseURL, e.URL, e.Attempts, unwrapURLError(e.Err))
	}
	return fmt.Sprintf("%s %s: cannot reach the Runpod API at %s: request to %s failed after %d attempt(s): %v",
		e.Method, e.Path, e.BaseURL, e.URL, e.Attempts, unwrapURLError(e.Err))
}

func (e *ConnectionError) Unwrap() error { return e.Err }

// IsConnectionFailure reports a request that got no HTTP answer (see
// ConnectionError); it says nothing about whether the API acted on it, which
// errors.Is(err, ErrAmbiguous) does.
func IsConnectionFailure(err error) bool {
	var ce *ConnectionError
	return errors.As(err, &ce)
}
