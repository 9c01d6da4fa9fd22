package runpod

import "context"

// GetWorkerLogs reads the log of one worker of a serverless endpoint
// (GET /v2/serverless/{id}/workers/{workerId}/logs), which has the pod
// log's query, framing and bounds, so it takes a
// PodLogQuery and returns PodLogLines. Logs vanish when the worker stops:
// an unknown endpoint or worker is a 404 *APIError (IsNotFound), a
// malformed query a 422.
func (c *Client) GetWorkerLogs(ctx context.Context, endpointID, workerID string, q PodLogQuery) ([]PodLogLine, error) {
	p, err := pathID("endpoint", endpointsPath, endpointID)
	if err != nil {
		return nil, err
	}
	if p, err = pathID("worker", p+"/workers", workerID); err != nil {
		return nil, err
	}
	return c.readLogs(ctx, p+"/logs", q)
}
