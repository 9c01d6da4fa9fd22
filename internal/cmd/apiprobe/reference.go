package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// The reference is the in-repo fake, started in this process and given one
// object of each kind through its own API (these POSTs go to the fake on
// loopback, never to the server probed).

// referenceObjects are the creates that seed the reference, in order.
var referenceObjects = []struct{ path, body string }{
	{"/v2/templates", `{"name":"probe-template","image":"runpod/base:0.7.0","ports":["8888/http"]}`},
	{"/v2/network-volumes", `{"name":"probe-volume","size":10,"dataCenter":"US-KS-2"}`},
	{"/v2/registries", `{"name":"probe-registry","username":"u","password":"p"}`},
	{"/v2/account/secrets", `{"name":"probe-secret","value":"v"}`},
	{"/v2/pods", `{"name":"probe-pod","image":"runpod/base:0.7.0","cpu":{"id":"cpu3c","vcpuCount":2}}`},
	{"/v2/serverless", `{"name":"probe-endpoint","type":"QUEUE","image":"runpod/base:0.7.0","timeout":300000,` +
		`"scaling":{"type":"QUEUE_DELAY","queueDelay":4},"gpu":{"pools":["ADA_24"]}}`},
}

// startReference serves a seeded fake on loopback and returns its base URL
// and a stop function.
func startReference(ctx context.Context, listen string) (url string, stop func(), err error) {
	f := runpodfake.New()
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return "", nil, err
	}
	go func() { _ = f.Serve(ln) }()
	stop = func() { _ = f.Shutdown(context.Background()) }
	url = "http://" + ln.Addr().String()
	for _, o := range referenceObjects {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url+o.path, bytes.NewBufferString(o.body))
		req.Header.Set("Authorization", "Bearer "+runpodfake.DefaultAPIKey)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			stop()
			return "", nil, err
		}
		var problem map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&problem)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			stop()
			return "", nil, fmt.Errorf("seeding the reference fake: POST %s: %d %v", o.path, resp.StatusCode, problem)
		}
	}
	return url, stop, nil
}
