package runpod

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// MaxRequestBodyBytes is Runpod's limit on a request body: a larger body is
// answered 413 before authentication, and the limit also applies to a pod's
// body after its template is expanded. It is
// the one place the number lives, so plan-time checks and the apply-time
// 413 message cannot disagree.
const MaxRequestBodyBytes = 102400

// encodeBody is the one encoding of request bodies. BodySize uses it too, so
// that a plan-time size check measures exactly the bytes do would send
// (json.Marshal escapes <, > and & as six bytes each, for example).
func encodeBody(v any) ([]byte, error) {
	return json.Marshal(v)
}

// BodySize returns the size in bytes of the JSON body the client would send
// for v (a request struct such as TemplateCreate). Resources call it at plan
// time, where every value is known, to refuse a body over
// MaxRequestBodyBytes before anything is created.
func BodySize(v any) (int, error) {
	b, err := encodeBody(v)
	if err != nil {
		return 0, fmt.Errorf("runpod: measuring request body: %w", err)
	}
	return len(b), nil
}

// IsRequestTooLarge reports a 413: the body was over MaxRequestBodyBytes and
// Runpod refused it before acting on it, so nothing changed and resending the
// same body cannot succeed.
func IsRequestTooLarge(err error) bool {
	return hasStatus(err, http.StatusRequestEntityTooLarge)
}
