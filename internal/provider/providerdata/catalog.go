package providerdata

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Catalog reads the GPU, CPU and data-center catalog (GET /v2/catalog/...)
// through a memo shared by every resource and data source of one provider
// process, so that a configuration with fifty network volumes or pods asks
// the API once per distinct query instead of fifty times.
//
// Terraform starts a fresh provider process for each command (and for each
// of plan and apply), so stock and prices are at most one command old; the
// memo never outlives the run that asked.
//
// Each distinct query (kind, id and every query field) is fetched at most
// once at a time: concurrent callers asking the same thing wait for the one
// request in flight and share its answer. Successful answers are kept for
// the life of the process; failures are not, so the next caller asks again.
//
// Values returned are shared between callers and must be treated as
// read-only.
type Catalog struct {
	client *runpod.Client

	mu      sync.Mutex
	entries map[string]*catalogEntry

	// testHookWait, when set, is called when a caller starts waiting for
	// another caller's request; tests use it to act at that moment.
	testHookWait func(key string)
}

// catalogEntry is one query's answer, or the request still fetching it:
// done is closed once val and err are set.
type catalogEntry struct {
	done chan struct{}
	val  any
	err  error
}

func newCatalog(c *runpod.Client) *Catalog {
	return &Catalog{client: c, entries: map[string]*catalogEntry{}}
}

// Catalog returns the process-wide catalog memo, or an error diagnostic that
// says what is missing from the provider configuration (as Client does).
func (d *Data) Catalog() (*Catalog, diag.Diagnostics) {
	if _, diags := d.Client(); diags.HasError() {
		return nil, diags
	}
	return d.catalog, nil
}

// GPUTypes lists GPU types (GET /v2/catalog/gpus) for q.
func (c *Catalog) GPUTypes(ctx context.Context, q runpod.GPUTypeQuery) ([]runpod.GPUType, error) {
	return memo(ctx, c, cacheKey("gpus", "", q), func(ctx context.Context) ([]runpod.GPUType, error) {
		return c.client.ListGPUTypes(ctx, q)
	})
}

// GPUType reads one GPU type by id (GET /v2/catalog/gpus/{id}) for q; an
// unknown id gives an error matching runpod.IsNotFound.
func (c *Catalog) GPUType(ctx context.Context, id string, q runpod.GPUTypeQuery) (*runpod.GPUType, error) {
	return memo(ctx, c, cacheKey("gpu", id, q), func(ctx context.Context) (*runpod.GPUType, error) {
		return c.client.GetGPUType(ctx, id, q)
	})
}

// DataCenters lists data centers (GET /v2/catalog/datacenters) matching q.
func (c *Catalog) DataCenters(ctx context.Context, q runpod.DataCenterQuery) ([]runpod.DataCenter, error) {
	return memo(ctx, c, cacheKey("datacenters", "", q), func(ctx context.Context) ([]runpod.DataCenter, error) {
		return c.client.ListDataCenters(ctx, q)
	})
}

// AllDataCenters is every data center with its GPU and CPU availability:
// the one query that plan-time checks (volume placement, pod and cluster
// stock) share, so that they cost a single request between them.
func (c *Catalog) AllDataCenters(ctx context.Context) ([]runpod.DataCenter, error) {
	return c.DataCenters(ctx, AllDataCentersQuery)
}

// AllDataCentersQuery is the query AllDataCenters sends. A data source that
// asks for all data centers uses it too, to share the answer.
var AllDataCentersQuery = runpod.DataCenterQuery{IncludeGPUAvailability: true, IncludeCPUAvailability: true}

// DataCenter reads one data center (GET /v2/catalog/datacenters/{id}); only
// q's Include flags apply. An unknown id gives runpod.IsNotFound.
func (c *Catalog) DataCenter(ctx context.Context, id string, q runpod.DataCenterQuery) (*runpod.DataCenter, error) {
	q = runpod.DataCenterQuery{IncludeGPUAvailability: q.IncludeGPUAvailability, IncludeCPUAvailability: q.IncludeCPUAvailability}
	return memo(ctx, c, cacheKey("datacenter", id, q), func(ctx context.Context) (*runpod.DataCenter, error) {
		return c.client.GetDataCenter(ctx, id, q)
	})
}

// CPUTypes lists CPU flavours (GET /v2/catalog/cpus) for q.
func (c *Catalog) CPUTypes(ctx context.Context, q runpod.CPUTypeQuery) ([]runpod.CPUType, error) {
	return memo(ctx, c, cacheKey("cpus", "", q), func(ctx context.Context) ([]runpod.CPUType, error) {
		return c.client.ListCPUTypes(ctx, q)
	})
}

// CPUType reads one CPU flavour (GET /v2/catalog/cpus/{id}) for q; an
// unknown id gives runpod.IsNotFound.
func (c *Catalog) CPUType(ctx context.Context, id string, q runpod.CPUTypeQuery) (*runpod.CPUType, error) {
	return memo(ctx, c, cacheKey("cpu", id, q), func(ctx context.Context) (*runpod.CPUType, error) {
		return c.client.GetCPUType(ctx, id, q)
	})
}

// cacheKey identifies a query by everything that is sent: the kind of read,
// the id and the JSON of the query struct (pointers encode as their values).
func cacheKey(kind, id string, q any) string {
	b, err := json.Marshal(q)
	if err != nil {
		// The query types are plain structs of strings, ints, bools and
		// slices; this cannot fail.
		panic(fmt.Sprintf("providerdata: encoding catalog query %T: %v", q, err))
	}
	return fmt.Sprintf("%s %q %s", kind, id, b)
}

// memo returns the stored answer for key, waits for the request already
// fetching it, or fetches it. A caller that was waiting on another caller's
// request which ended only because that caller's context was cancelled
// fetches again with its own context rather than inherit the cancellation.
func memo[T any](ctx context.Context, c *Catalog, key string, fetch func(context.Context) (T, error)) (T, error) {
	var zero T
	for {
		c.mu.Lock()
		e, found := c.entries[key]
		if !found {
			e = &catalogEntry{done: make(chan struct{})}
			c.entries[key] = e
		}
		c.mu.Unlock()

		if !found {
			return fetchEntry(ctx, c, key, e, fetch)
		}
		if c.testHookWait != nil {
			c.testHookWait(key)
		}
		select {
		case <-e.done:
		case <-ctx.Done():
			return zero, ctx.Err()
		}
		if e.err == nil {
			v, ok := e.val.(T)
			if !ok {
				// Keys name the kind of read, so one key always holds one type.
				return zero, fmt.Errorf("providerdata: catalog memo holds %T for %s", e.val, key)
			}
			tflog.Trace(ctx, "catalog read served from the provider's memo")
			return v, nil
		}
		if isContextError(e.err) && ctx.Err() == nil {
			continue
		}
		return zero, e.err
	}
}

// fetchEntry runs the request for an entry this caller created and
// publishes the result. A failure is removed from the memo before waiters are
// woken, so that they and later callers never find it stored.
func fetchEntry[T any](ctx context.Context, c *Catalog, key string, e *catalogEntry, fetch func(context.Context) (T, error)) (val T, err error) {
	defer func() {
		e.val, e.err = val, err
		if err != nil {
			c.mu.Lock()
			if c.entries[key] == e {
				delete(c.entries, key)
			}
			c.mu.Unlock()
		}
		close(e.done)
	}()
	tflog.Debug(ctx, "reading the Runpod catalog", map[string]any{"query": key})
	val, err = fetch(ctx)
	return val, err
}

func isContextError(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
