package pod

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/action"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

// Each action does, for each status, what the API's table of valid actions
// allows: nothing is sent that the status alone would get refused.
func TestActionStepFor(t *testing.T) {
	statuses := []string{runpod.PodStatusProvisioning, runpod.PodStatusStarting, runpod.PodStatusRunning,
		runpod.PodStatusExited, runpod.PodStatusError}
	want := map[string][]step{
		StopActionType:    {stepSend, stepSend, stepSend, stepNone, stepNone},
		StartActionType:   {stepWait, stepWait, stepWait, stepSend, stepSend},
		RestartActionType: {stepWait, stepWait, stepSend, stepRefuse, stepRefuse},
	}
	valid := map[string][]string{ // API.md, POST /v2/pods/{id}/action
		runpod.PodStatusProvisioning: {runpod.PodActionStop},
		runpod.PodStatusStarting:     {runpod.PodActionStop},
		runpod.PodStatusRunning:      {runpod.PodActionStop, runpod.PodActionRestart},
		runpod.PodStatusExited:       {runpod.PodActionStart},
		runpod.PodStatusError:        {runpod.PodActionStart},
	}
	for _, k := range []actionKind{stopKind, startKind, restartKind} {
		for i, status := range statuses {
			got := k.stepFor(status)
			if got != want[k.typeName][i] {
				t.Errorf("%s on a %s pod: step %d, want %d", k.typeName, status, got, want[k.typeName][i])
			}
			allowed := false
			for _, a := range valid[status] {
				allowed = allowed || a == k.api
			}
			if got == stepSend && !allowed {
				t.Errorf("%s sends %q to a %s pod, which the API refuses", k.typeName, k.api, status)
			}
		}
	}
}

// A restart is confirmed by any sign of a new container, and by nothing
// else.
func TestRestartWatch(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	running := func(startedAt time.Time, uptime int) *runpod.Pod {
		return &runpod.Pod{Status: runpod.PodStatusRunning, StartedAt: &startedAt, Runtime: &runpod.PodRuntime{Uptime: uptime}}
	}
	before := running(t0, 600)
	cases := []struct {
		name  string
		reads []*runpod.Pod
		want  bool
	}{
		{"unchanged", []*runpod.Pod{running(t0, 610)}, false},
		{"went through STARTING", []*runpod.Pod{{Status: runpod.PodStatusStarting}, running(t0, 620)}, true},
		{"later start time", []*runpod.Pod{running(t0.Add(time.Minute), 700)}, true},
		{"shorter uptime", []*runpod.Pod{running(t0, 3)}, true},
	}
	for _, c := range cases {
		w := watchRestart(before)
		var last *runpod.Pod
		for _, p := range c.reads {
			w.observe(p)
			last = p
		}
		if got := w.restarted(last); got != c.want {
			t.Errorf("%s: restarted = %t, want %t", c.name, got, c.want)
		}
	}
}

// A restart that Runpod accepted but no read confirms is not done: the
// wait goes on (and, at the timeout, says the restart is not confirmed).
func TestRestartSettlesOnlyWhenConfirmed(t *testing.T) {
	t0 := time.Now().Add(-time.Hour)
	p := &runpod.Pod{Status: runpod.PodStatusRunning, StartedAt: &t0, Runtime: &runpod.PodRuntime{Uptime: 3600}}
	inv := &invocation{kind: restartKind, sent: true, restart: watchRestart(p)}
	if _, done := inv.settled(p); done {
		t.Error("a restart with nothing changed counts as done")
	}
	if d := inv.report(p, waitTimedOut, nil); d == nil || d.Summary() != "Restart Not Confirmed" {
		t.Errorf("timeout without a sign of restart reports %v, want Restart Not Confirmed", d)
	}
	t1 := time.Now()
	if _, done := inv.settled(&runpod.Pod{Status: runpod.PodStatusRunning, StartedAt: &t1, Runtime: &runpod.PodRuntime{}}); !done {
		t.Error("a restart with a new start time is not done")
	}
}

// Progress names the pod and what the wait is at, and says nothing again
// until something changes.
func TestActionProgressReportsChangesOnce(t *testing.T) {
	var got []string
	inv := &invocation{kind: startKind, id: "p1", name: "web", began: time.Now(), sent: true,
		send: func(e action.InvokeProgressEvent) { got = append(got, e.Message) }}
	mapped := false
	pod := func(status string) *runpod.Pod {
		p := &runpod.Pod{ID: "p1", Status: status, Ports: []string{"22/tcp"}}
		if status == runpod.PodStatusRunning {
			port := &runpod.PortMapping{Private: 22, Type: "tcp"}
			if mapped {
				public, ip := 20000, "203.0.113.1"
				port.Public, port.IP = &public, &ip
				p.SSH.Direct = &runpod.SSHEndpoint{Host: ip, Port: public, Username: "root", Command: "ssh root@203.0.113.1 -p 20000"}
			}
			p.Runtime = &runpod.PodRuntime{Ports: []runpod.PortMapping{*port}}
		}
		return p
	}
	for _, s := range []string{runpod.PodStatusStarting, runpod.PodStatusStarting, runpod.PodStatusRunning} {
		inv.seen(pod(s))
	}
	mapped = true
	if _, done := inv.seen(pod(runpod.PodStatusRunning)); !done {
		t.Error("a running pod with its ports mapped does not end the start's wait")
	}
	want := []string{`Pod "web" (p1): STARTING.`, `Pod "web" (p1): RUNNING, waiting for ports 22/tcp to be mapped.`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("progress:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Every action documents its default timeout and how it relates to
// desired_status, and its schema is one the framework accepts.
func TestActionSchemas(t *testing.T) {
	ctx := context.Background()
	for _, f := range []func() action.Action{NewStopAction, NewStartAction, NewRestartAction} {
		a := f()
		var meta action.MetadataResponse
		a.Metadata(ctx, action.MetadataRequest{ProviderTypeName: "runpod"}, &meta)
		var resp action.SchemaResponse
		a.Schema(ctx, action.SchemaRequest{}, &resp)
		if resp.Diagnostics.HasError() {
			t.Fatalf("%s schema: %v", meta.TypeName, resp.Diagnostics)
		}
		if d := resp.Schema.ValidateImplementation(ctx); d.HasError() {
			t.Errorf("%s schema: %v", meta.TypeName, d)
		}
		all := map[string]any{}
		for k, v := range resp.Schema.Attributes {
			all[k] = v
		}
		for k, v := range resp.Schema.Blocks {
			all[k] = v
		}
		schemacheck.ModelMatches(t, all, actionModel{})
		if !strings.Contains(resp.Schema.MarkdownDescription, "`desired_status` stays the source of truth") {
			t.Errorf("%s does not say how it relates to desired_status", meta.TypeName)
		}
		timeout := resp.Schema.Blocks["timeouts"].GetNestedObject().GetAttributes()["invoke"].GetDescription()
		if def := shortDuration(a.(*podAction).kind.defaultTimeout); !strings.Contains(timeout, "Defaults to `\""+def+"\"`") {
			t.Errorf("%s timeout description %q does not give the default %s", meta.TypeName, timeout, def)
		}
	}
}

func TestShortDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{10 * time.Minute: "10m", time.Hour: "1h", 90 * time.Second: "1m30s", 20 * time.Minute: "20m"} {
		if got := shortDuration(d); got != want {
			t.Errorf("shortDuration(%s) = %q, want %q", d, got, want)
		}
	}
}
