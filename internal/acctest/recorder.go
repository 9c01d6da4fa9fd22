package acctest

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
)

// Recorder keeps what the provider under test returned to Terraform: every
// diagnostic, and every resource state, plan and private-state payload. Tests use it
// for what terraform-plugin-testing does not expose: warnings (a plan that
// destroys a credential warns), and the proof that a credential never
// reached Terraform at all.
type Recorder struct {
	mu       sync.Mutex
	diags    []Diagnostic
	payloads []payload
}

// payload is resource data the provider returned: state, plan or private.
type payload struct {
	rpc, typeName string
	data          []byte
}

// Diagnostic is one diagnostic the provider returned, with the RPC that
// returned it ("PlanResourceChange", ...).
type Diagnostic struct {
	RPC      string
	Warning  bool
	Summary  string
	Detail   string
	Resource string // resource or data source type, when the RPC names one
}

func (d Diagnostic) String() string {
	sev := "error"
	if d.Warning {
		sev = "warning"
	}
	return fmt.Sprintf("%s %s [%s] %s: %s", d.RPC, d.Resource, sev, d.Summary, d.Detail)
}

// Record makes e's providers report to a new Recorder, and returns it. Call
// it before the test case uses e.Factories.
func (e *Env) Record() *Recorder {
	rec := &Recorder{}
	e.Factories = rec.Wrap(e.Factories)
	return rec
}

// Wrap returns factories whose provider servers report to r.
func (r *Recorder) Wrap(factories map[string]func() (tfprotov6.ProviderServer, error)) map[string]func() (tfprotov6.ProviderServer, error) {
	out := make(map[string]func() (tfprotov6.ProviderServer, error), len(factories))
	for name, factory := range factories {
		out[name] = func() (tfprotov6.ProviderServer, error) {
			srv, err := factory()
			if err != nil {
				return nil, err
			}
			return recordingServer{ProviderServer: srv, rec: r}, nil
		}
	}
	return out
}

// Diagnostics returns every diagnostic recorded so far.
func (r *Recorder) Diagnostics() []Diagnostic {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Diagnostic(nil), r.diags...)
}

// Warnings returns the recorded warnings whose summary is summary (or
// names one object after it: see SummaryIs).
func (r *Recorder) Warnings(summary string) []Diagnostic {
	var out []Diagnostic
	for _, d := range r.Diagnostics() {
		if d.Warning && SummaryIs(d.Summary, summary) {
			out = append(out, d)
		}
	}
	return out
}

// Reset forgets everything recorded, so a step can assert on its own plan.
func (r *Recorder) Reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.diags, r.payloads = nil, nil
}

// DiagnosticLeaks returns the recorded diagnostics that contain s.
func (r *Recorder) DiagnosticLeaks(s string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var where []string
	for _, d := range r.diags {
		if strings.Contains(d.Summary, s) || strings.Contains(d.Detail, s) {
			where = append(where, "diagnostic: "+d.String())
		}
	}
	return where
}

// PayloadLeaks returns where s appears in a state, plan or private payload
// the provider returned (searched as raw msgpack or JSON bytes, where a
// string is stored verbatim). A write-only value must never be there.
func (r *Recorder) PayloadLeaks(s string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var where []string
	for _, p := range r.payloads {
		if bytes.Contains(p.data, []byte(s)) {
			where = append(where, p.rpc+" "+p.typeName)
		}
	}
	return where
}

// Payloads is how many state, plan and private payloads were recorded, so a
// test can show that Leaks had something to search.
func (r *Recorder) Payloads() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.payloads)
}

func (r *Recorder) add(rpc, typeName string, diags []*tfprotov6.Diagnostic, payloads ...[]byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, d := range diags {
		if d == nil {
			continue
		}
		r.diags = append(r.diags, Diagnostic{
			RPC:      rpc,
			Warning:  d.Severity == tfprotov6.DiagnosticSeverityWarning,
			Summary:  d.Summary,
			Detail:   d.Detail,
			Resource: typeName,
		})
	}
	for _, p := range payloads {
		if len(p) > 0 {
			r.payloads = append(r.payloads, payload{rpc: rpc, typeName: typeName, data: append([]byte(nil), p...)})
		}
	}
}

func dynamic(v *tfprotov6.DynamicValue) []byte {
	if v == nil {
		return nil
	}
	return append(append([]byte(nil), v.MsgPack...), v.JSON...)
}

// recordingServer passes every call through and records the answers of the
// RPCs that carry diagnostics or resource data.
type recordingServer struct {
	tfprotov6.ProviderServer
	rec *Recorder
}

func (s recordingServer) ValidateProviderConfig(ctx context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	resp, err := s.ProviderServer.ValidateProviderConfig(ctx, req)
	if resp != nil {
		// PreparedConfig is the provider configuration handed back, not data
		// Terraform stores, so only the diagnostics are kept.
		s.rec.add("ValidateProviderConfig", "", resp.Diagnostics)
	}
	return resp, err
}

func (s recordingServer) ConfigureProvider(ctx context.Context, req *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	resp, err := s.ProviderServer.ConfigureProvider(ctx, req)
	if resp != nil {
		s.rec.add("ConfigureProvider", "", resp.Diagnostics)
	}
	return resp, err
}

func (s recordingServer) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	resp, err := s.ProviderServer.ValidateResourceConfig(ctx, req)
	if resp != nil {
		s.rec.add("ValidateResourceConfig", req.TypeName, resp.Diagnostics)
	}
	return resp, err
}

func (s recordingServer) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	resp, err := s.ProviderServer.UpgradeResourceState(ctx, req)
	if resp != nil {
		s.rec.add("UpgradeResourceState", req.TypeName, resp.Diagnostics, dynamic(resp.UpgradedState))
	}
	return resp, err
}

func (s recordingServer) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	resp, err := s.ProviderServer.ReadResource(ctx, req)
	if resp != nil {
		s.rec.add("ReadResource", req.TypeName, resp.Diagnostics, dynamic(resp.NewState), resp.Private)
	}
	return resp, err
}

func (s recordingServer) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	resp, err := s.ProviderServer.PlanResourceChange(ctx, req)
	if resp != nil {
		s.rec.add("PlanResourceChange", req.TypeName, resp.Diagnostics, dynamic(resp.PlannedState), resp.PlannedPrivate)
	}
	return resp, err
}

func (s recordingServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	resp, err := s.ProviderServer.ApplyResourceChange(ctx, req)
	if resp != nil {
		s.rec.add("ApplyResourceChange", req.TypeName, resp.Diagnostics, dynamic(resp.NewState), resp.Private)
	}
	return resp, err
}

func (s recordingServer) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	resp, err := s.ProviderServer.ImportResourceState(ctx, req)
	if resp != nil {
		var payloads [][]byte
		for _, r := range resp.ImportedResources {
			if r != nil {
				payloads = append(payloads, dynamic(r.State), r.Private)
			}
		}
		s.rec.add("ImportResourceState", req.TypeName, resp.Diagnostics, payloads...)
	}
	return resp, err
}

func (s recordingServer) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	resp, err := s.ProviderServer.ValidateDataResourceConfig(ctx, req)
	if resp != nil {
		s.rec.add("ValidateDataResourceConfig", req.TypeName, resp.Diagnostics)
	}
	return resp, err
}

func (s recordingServer) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	resp, err := s.ProviderServer.ReadDataSource(ctx, req)
	if resp != nil {
		s.rec.add("ReadDataSource", req.TypeName, resp.Diagnostics, dynamic(resp.State))
	}
	return resp, err
}

// ExpectWarning is a plan check that the provider returned, for the plan
// Terraform made, a warning with this summary whose detail contains every
// one of texts. terraform-plugin-testing does not expose diagnostics, so
// the recorder's are read, right after the real binary has planned.
func (r *Recorder) ExpectWarning(summary string, texts ...string) plancheck.PlanCheck {
	return PlanCheckFunc(func() error {
		ws := r.Warnings(summary)
		if len(ws) == 0 {
			return fmt.Errorf("no %q warning; diagnostics: %v", summary, r.Diagnostics())
		}
		for _, w := range ws {
			ok := true
			for _, s := range texts {
				ok = ok && strings.Contains(w.Detail, s)
			}
			if ok {
				return nil
			}
		}
		return fmt.Errorf("no %q warning says all of %q; got %v", summary, texts, ws)
	})
}

// ExpectNoWarning is a plan check that no warning with this summary was
// returned.
func (r *Recorder) ExpectNoWarning(summary string) plancheck.PlanCheck {
	return PlanCheckFunc(func() error {
		if ws := r.Warnings(summary); len(ws) > 0 {
			return fmt.Errorf("unexpected %q warning: %v", summary, ws)
		}
		return nil
	})
}

// PlanCheckFunc is a plan check made of a function, for checks on what the
// fake or the recorder saw while Terraform planned.
type PlanCheckFunc func() error

func (f PlanCheckFunc) CheckPlan(_ context.Context, _ plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = f()
}
