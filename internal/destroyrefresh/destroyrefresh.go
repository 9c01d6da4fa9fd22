// Package destroyrefresh keeps plan-time checks from aborting a destroy.
//
// `terraform destroy` and `plan -destroy` first make a normal plan of the
// whole configuration, only to refresh state (hashicorp/terraform#33908), and
// an error in any resource's plan aborts the destroy of every resource. In
// that plan a resource whose object is gone, or was never made, is planned as
// a create, so a create check (stock, placement, an unmanaged twin, the spend
// limit) or an update check would stop the destroy while other objects bill.
// Nothing of that plan is applied: Terraform keeps only its refreshed state.
//
// Wrap answers PlanResourceChange of such a plan without running the
// resource's plan: the planned state is what Terraform proposed (write-only
// values removed, computed values of a create unknown), with no diagnostics.
// Reads still run in full, so objects deleted outside Terraform leave state
// and pending creates are settled as in any refresh. The destroy plan that
// follows (planned changes whose new state is null) goes to the provider as
// usual.
package destroyrefresh

import (
	"context"
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// fullServer is what the framework serves: tf6server looks for the list
// resource and action interfaces, so the wrapper must keep them.
type fullServer interface {
	tfprotov6.ProviderServer
	tfprotov6.ListResourceServer
	tfprotov6.ActionServer
}

// Wrap returns server unchanged unless destroying, and otherwise a server
// whose plans of proposed objects skip the provider's checks (see the
// package doc). destroying comes from the command that started the process
// (clicommand.Parent): each Terraform command starts its providers anew.
func Wrap(server tfprotov6.ProviderServer, destroying bool) tfprotov6.ProviderServer {
	full, ok := server.(fullServer)
	if !destroying || !ok {
		return server
	}
	return &preDestroy{fullServer: full}
}

type preDestroy struct {
	fullServer

	once    sync.Once
	schemas map[string]*tfprotov6.Schema
	err     error
}

// PlanResourceChange plans a proposed object as proposed; a destroy (null
// proposed state) is the provider's as usual.
func (s *preDestroy) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	schema, err := s.schema(ctx, req.TypeName)
	if err != nil {
		tflog.Debug(ctx, "destroy's refresh plan: no schema, planning as usual", map[string]any{"error": err.Error()})
		return s.fullServer.PlanResourceChange(ctx, req)
	}
	typ := schema.ValueType()
	proposed, err := unmarshal(req.ProposedNewState, typ)
	if err != nil || proposed.IsNull() {
		return s.fullServer.PlanResourceChange(ctx, req)
	}
	prior, err := unmarshal(req.PriorState, typ)
	if err != nil {
		return s.fullServer.PlanResourceChange(ctx, req)
	}
	planned, err := planBlock(schema.Block, proposed, prior.IsNull())
	if err != nil {
		return s.fullServer.PlanResourceChange(ctx, req)
	}
	dv, err := tfprotov6.NewDynamicValue(typ, planned)
	if err != nil {
		return s.fullServer.PlanResourceChange(ctx, req)
	}
	tflog.Debug(ctx, "destroy's refresh plan: planned as proposed, without the provider's checks", map[string]any{
		"type": req.TypeName, "create": prior.IsNull(),
	})
	return &tfprotov6.PlanResourceChangeResponse{
		PlannedState:    &dv,
		PlannedPrivate:  req.PriorPrivate,
		PlannedIdentity: req.PriorIdentity,
	}, nil
}

// schema returns the resource schema of typeName, read once from the
// provider itself.
func (s *preDestroy) schema(ctx context.Context, typeName string) (*tfprotov6.Schema, error) {
	s.once.Do(func() {
		resp, err := s.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
		switch {
		case err != nil:
			s.err = err
		case resp == nil:
			s.err = fmt.Errorf("no provider schema")
		default:
			s.schemas = resp.ResourceSchemas
		}
	})
	if s.err != nil {
		return nil, s.err
	}
	schema, ok := s.schemas[typeName]
	if !ok || schema == nil || schema.Block == nil {
		return nil, fmt.Errorf("no schema for %s", typeName)
	}
	return schema, nil
}

func unmarshal(dv *tfprotov6.DynamicValue, typ tftypes.Type) (tftypes.Value, error) {
	if dv == nil {
		return tftypes.NewValue(typ, nil), nil
	}
	return dv.Unmarshal(typ)
}
