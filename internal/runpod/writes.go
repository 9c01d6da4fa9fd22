package runpod

import "net/http"

// Writes counts the requests this client has finished that may have changed
// the account: every method but GET and HEAD, whatever the answer (a failed
// or ambiguous write may still have taken effect). Readers that serve data
// from an earlier list compare it with the count at the time of the list, so
// a read that starts after the provider's own write is never served from
// data older than that write.
func (c *Client) Writes() uint64 { return c.writes.Load() }

// countWrite is deferred by do, so the count moves only once the request is
// over: a list that started while a write was in flight is already stale for
// every read that starts after the write returns.
func (c *Client) countWrite(method string) {
	if method != http.MethodGet && method != http.MethodHead {
		c.writes.Add(1)
	}
}
