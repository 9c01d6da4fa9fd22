// Package runpodfake is an in-memory fake of the Runpod REST API v2 that
// the provider's tests and the demo talk to over loopback HTTP.
//
// It is written from shared/runpod-api/API.md alone and never imports the
// provider's API client (internal/runpod): if the client and the fake were
// built from the same reading of the API, a misreading would be shared and
// no test could catch it. Written independently, a misreading in either one
// shows up as a failing test.
//
// # Strictness
//
// The fake refuses everything the real API is documented to refuse, with the
// real status codes and problem+json bodies, because a fake that accepts more
// than the API hides bugs until they reach users:
//
//   - every request needs "Authorization: Bearer <key>" (401 without, and no
//     RateLimit headers on it); bodies over 102400 bytes get 413 first;
//   - request bodies are closed schemas: an unknown field, a wrong type, an
//     enum, pattern, length or range violation, or a missing required field
//     is 422 with every violation listed in `errors`; cross-field and
//     business rules are 400 (the 422/400 split is part of the contract);
//   - query parameters are validated the same way (422 for a malformed value,
//     400 for a parameter not allowed with the others);
//   - unknown routes get 404 and a wrong method on a known path 405 with
//     Allow, both problem+json;
//   - PATCH distinguishes an absent field (untouched) from an explicit null,
//     [] or {} (cleared), as each field's documentation says;
//   - deletes answer 204 with no body at all.
//
// Where API.md is silent or marked INFERRED the fake picks the stricter
// plausible behaviour and says so in a comment at that spot.
//
// # Spec checking
//
// NewTestServer also checks every exchange against Runpod's published
// OpenAPI 3.1 document, through its facts committed in
// testdata/openapi-facts.json (types, limits, status codes; none of its
// prose: see internal/specfacts) or the document RUNPOD_OPENAPI_SPEC names:
// responses must match the documented schemas, requests the fake accepted
// must be valid per the spec, and a 422 must not be given to a body the spec
// accepts. Behaviour documented after the spec snapshot ([newer-docs] in
// API.md: the secrets routes, entrypoint/cmd, cluster templateId) is
// tolerated through a short named allow-list. Violations fail the test at
// cleanup. See CheckAgainstSpec.
//
// # Hooks for tests
//
//   - Seeding and out-of-band changes, "as if done in the console": SeedTemplate,
//     UpdateTemplate, DeleteTemplate, SeedRegistry, DeleteRegistry, and the
//     in-use marks (MarkTemplateUsedByPod, BindTemplateToEndpoint,
//     MarkRegistryUsedByPod) that make deletes refuse. Drift tests change or
//     delete objects between Terraform steps with these.
//   - Network volumes: SeedNetworkVolume, UpdateNetworkVolume,
//     DeleteNetworkVolume, MarkNetworkVolumeUsedByPod, ReleaseNetworkVolume.
//   - Credentials: SeedSecret, Secret (with the value that was sent),
//     RotateSecret (moves valueLastUpdatedAt), DeleteSecret; SetSSHKeys and
//     SSHKeys; Registry returns the write-only username and password sent.
//   - Catalog stock: SetGPUStock.
//   - Pods and clusters: SeedPod, UpdatePod, SetPodStatus, DeletePod,
//     ScaleCluster, RenameCluster, DeleteCluster. Status is asynchronous and
//     test-driven: SetPodStartDelay and SetPortMappingDelay say how many
//     reads a pod needs to run and to get public ports (see pods_lifecycle.go).
//     SetClock fixes the time that createdAt, uptime and cluster billing
//     use; AddClusterBilling adds billing records (see billing.go).
//   - Serverless endpoints (endpoints_seed.go, endpoints_workers.go): Endpoint,
//     EndpointCount, EndpointBoundTemplate, EndpointWorkers; SeedEndpoint and PatchEndpoint (out of band, under
//     the API's rules), DeleteEndpoint, LowerEndpointWorkersMax (Runpod's
//     automatic lowering: workers.max only, no release) and
//     SetEndpointWorkersStatus (THROTTLED, UNHEALTHY, … until changed).
//     Workers are simulated like pod status: SetEndpointWorkerStartDelay
//     says how many reads of /workers or /releases a new worker needs to
//     become IDLE; after a release stale workers are replaced over reads.
//     Worker logs (.../workers/{workerId}/logs) follow the pod logs' SSE
//     contract and vanish with the worker. A worker boots with the
//     endpoint's env, secret references resolved to the secrets' values;
//     SetEndpointWorkerLogForName scripts container lines it prints at
//     start (${KEY} is its value of env KEY), EndpointWorkerLog returns
//     what a worker printed (see endpoints_worker_logs.go).
//     Every endpoint gets its own bound template (the fake's choice, since
//     API.md leaves it undocumented): named
//     "<endpoint name>__template__<6 random [a-z0-9]>", serverless, listed
//     by GET /v2/templates and readable by GET /v2/templates/{id}, refusing
//     DELETE with 400 "in use" and deleted with its endpoint. The template
//     passed as templateId is only copied from and is not bound.
//   - Faults: InjectFault makes matching requests slow, fail with a status
//     (429 with Retry-After, 5xx), or drop the connection, either before the
//     request takes effect or after it (an ambiguous failure).
//   - Rate limits and latency: WithQuota enforces requests per fixed window
//     (429 with Retry-After beyond it, counted by RateLimited), on the clock
//     WithRateLimitClock sets; WithLatency slows every request down. See
//     ratelimit.go.
//   - Live behaviours (API.md §15) are served as the live API does, each
//     with its source beside it: an endpoint created without timeout reads
//     0, a pod's template reads null, GET /v2/pods ignores unknown query
//     parameters (see live_behaviours_test.go). SetListPagination pages the
//     lists (off by default: API.md §0 says lists are whole; §15 reports
//     clients that page), with a cursor, a next link, or an unfollowable
//     "hasMore" (pagination.go).
//   - The request log: Requests, CountRequests, ResetRequests, to assert what
//     the provider sent and how often (e.g. that a create was never retried).
//
// # Adding an API area
//
// Each area (templates.go, registries.go, catalog.go) owns one file: the
// exported model struct, its request schemas built with the helpers of
// schema.go and the private body structs requests decode into, its
// handlers registered from a <area>Routes method called by Fake.routes,
// and its seeding and out-of-band helpers. What an area serves is declared
// field by field in <area>_wire.go, with the API reference's names, on the
// ordered objects of wire.go; the model structs carry no JSON tags, so
// they are no copy of the client's. A large area splits by concern: pods
// are pods.go (the model), pods_handlers.go, pods_create.go,
// pods_placement.go, pods_lifecycle.go, pods_seed.go and pods_wire.go, and
// endpoints the same way. State lives in a map on Fake
// guarded by Fake.mu; references that block a delete are recorded with
// addUse/usersOf so any area can refuse an in-use object.
package runpodfake
