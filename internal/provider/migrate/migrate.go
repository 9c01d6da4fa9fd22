// Package migrate lets this provider take over the state that Runpod's own
// provider (registry.terraform.io/runpod/runpod, 1.x and 2.0) wrote, so that
// a configuration moves here without replacing anything
// (docs/guides/migrate-from-runpod-runpod.md).
//
// Two Terraform paths lead here:
//   - a type whose name is the same in both providers (runpod_pod,
//     runpod_template, runpod_network_volume, runpod_endpoint,
//     runpod_cluster) changes provider with `terraform state
//     replace-provider`: Terraform then hands the other provider's state, in
//     its shape and at its schema version, to this provider's
//     UpgradeResourceState. Those resources are at schema version 1 and
//     Upgraders turns a version-0 state that lacks the attributes every
//     state of this provider holds into a state holding only the id.
//   - a type whose name differs (1.x's runpod_container_registry_auth;
//     2.0's runpod_registry, runpod_serverless_endpoint and
//     runpod_registry_delegation) moves with a `moved` block, which Terraform hands to the target resource's
//     MoveState: Movers does the same there.
//
// Either way only the id is taken. The Read that follows refreshes every
// attribute from the API, as after an import, and nothing else of the other
// provider's state (passwords, registry credentials, volume keys, env
// values) is carried over. Settings Runpod cannot return are recorded from
// the configuration by each kind's import mark (Mark), as after terraform
// import.
package migrate

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
)

// SchemaVersion is the schema version of the resources whose type name
// Runpod's provider shares. It is above the version Runpod's provider
// writes (0), so that Terraform hands its state to Upgraders instead of
// reading it as this provider's.
const SchemaVersion = 1

// Mark records in a moved resource's private state what an import records:
// that its create-time settings are not known yet. Nil for kinds whose
// every setting is read back.
type Mark func(ctx context.Context, private privatestate.Store) diag.Diagnostics

// FlagMark is the Mark that sets key, the kind's import flag.
func FlagMark(key privatestate.Key[bool]) Mark {
	return func(ctx context.Context, private privatestate.Store) diag.Diagnostics {
		return privatestate.SetFlag(ctx, private, key, true)
	}
}

// FromRunpodProvider reports whether addr (HOSTNAME/NAMESPACE/TYPE) is a
// provider of type runpod: Runpod's own (runpod/runpod, on either
// registry), or this one, which a state holds after `terraform state
// replace-provider` moved every entry at once.
func FromRunpodProvider(addr string) bool {
	parts := strings.Split(addr, "/")
	return len(parts) == 3 && parts[2] == "runpod"
}

// Movers returns the MoveState implementation of a resource that takes the
// objects of sourceTypes from a Runpod provider: the target state holds the
// source's id (and the identity that id names), mark records the import
// mark, and nothing else of the source state is read.
func Movers(sourceTypes []string, mark Mark) []resource.StateMover {
	return []resource.StateMover{{StateMover: func(ctx context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
		if !FromRunpodProvider(req.SourceProviderAddress) || !contains(sourceTypes, req.SourceTypeName) {
			return // not ours to take: the framework reports no mover matched
		}
		id, err := SourceID(req.SourceRawState)
		if err != nil {
			resp.Diagnostics.AddError("Cannot Move Resource State",
				fmt.Sprintf("The state of %s from %s cannot be moved: %s. Remove it from state (terraform state rm) and "+
					"adopt the object with an import block instead.", req.SourceTypeName, req.SourceProviderAddress, err))
			return
		}
		resp.Diagnostics.Append(resp.TargetState.SetAttribute(ctx, path.Root(identity.Attribute), types.StringValue(id))...)
		if resp.TargetIdentity != nil {
			resp.Diagnostics.Append(resp.TargetIdentity.Set(ctx, identity.Model{ID: types.StringValue(id)})...)
		}
		if mark != nil && resp.TargetPrivate != nil {
			resp.Diagnostics.Append(mark(ctx, resp.TargetPrivate)...)
		}
	}}}
}

// Upgraders returns the UpgradeState implementation of a resource at
// SchemaVersion whose version-0 state is either its own (written before
// SchemaVersion) or, after `terraform state replace-provider`, the state of
// Runpod's provider (1.x or 2.0, both at version 0) for the same type name.
//
// The schema version cannot tell them apart, nor can the attribute types: a
// runpod/runpod 2.0 cluster holds only attributes this schema also has. What
// tells them apart is what this provider's own state always holds: Terraform
// writes every attribute of the schema into state, null ones included, so
// every version-0 state this provider wrote for the kind has the keys of own,
// attributes the kind has had since its first build under names that are this
// provider's alone (computed ones such as estimated_cost_per_hour). A state
// with all of them whose every attribute is in current is this provider's and
// is kept as it is (an earlier build's state may lack attributes added
// since); any other state is the other provider's, whatever its shape, and
// only its id is kept. UpgradeResourceState cannot write private state: the
// resource's Read sets the import mark when it finds no name in state
// (Adopted).
func Upgraders(current schema.Schema, own []string) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: {StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
		typ := current.Type().TerraformType(ctx)
		if req.RawState == nil {
			resp.Diagnostics.AddError("Cannot Upgrade Resource State", "Terraform sent no state to upgrade. Please report this.")
			return
		}
		if len(own) == 0 {
			resp.Diagnostics.AddError("Cannot Upgrade Resource State", "This provider names no attributes that mark its own state. Please report this.")
			return
		}
		for _, name := range own {
			if _, ok := current.Attributes[name]; !ok {
				resp.Diagnostics.AddError("Cannot Upgrade Resource State",
					fmt.Sprintf("This provider marks its own state by %q, which its schema does not have. Please report this.", name))
				return
			}
		}
		if OwnState(req.RawState, own) {
			if kept, err := req.RawState.Unmarshal(typ); err == nil {
				resp.State.Raw = kept
				return
			}
		}
		id, err := SourceID(req.RawState)
		if err != nil {
			resp.Diagnostics.AddError("Cannot Upgrade Resource State",
				fmt.Sprintf("The state of this resource is neither this provider's nor one with an id: %s. Remove it from "+
					"state (terraform state rm) and adopt the object with an import block instead.", err))
			return
		}
		resp.State.Raw = tftypes.NewValue(typ, nil)
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(identity.Attribute), types.StringValue(id))...)
	}}}
}

// OwnState reports whether a state as Terraform stores it (JSON) holds every
// attribute of own, null or not: the attributes every state this provider
// wrote for the kind holds (see Upgraders).
func OwnState(raw *tfprotov6.RawState, own []string) bool {
	if raw == nil || len(raw.JSON) == 0 {
		return false
	}
	var attrs map[string]json.RawMessage
	if err := json.Unmarshal(raw.JSON, &attrs); err != nil {
		return false
	}
	for _, name := range own {
		if _, ok := attrs[name]; !ok {
			return false
		}
	}
	return true
}

// Adopted reports whether a state about to be refreshed was adopted (by
// import, by a move or from another provider's state): it has no name,
// which every state this provider writes has.
func Adopted(name types.String) bool { return name.IsNull() }

// SourceID is the id in a state as Terraform stores it (JSON).
func SourceID(raw *tfprotov6.RawState) (string, error) {
	if raw == nil || len(raw.JSON) == 0 {
		return "", fmt.Errorf("the state has no JSON attributes")
	}
	var attrs struct {
		ID any `json:"id"`
	}
	if err := json.Unmarshal(raw.JSON, &attrs); err != nil {
		return "", fmt.Errorf("the state is not a JSON object: %w", err)
	}
	id, ok := attrs.ID.(string)
	if !ok || id == "" {
		return "", fmt.Errorf("the state has no id")
	}
	return id, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Movable, embedded in a resource, implements MoveState: the resource takes
// the objects of SourceTypes from a Runpod provider (Movers), recording
// Mark (nil for none).
type Movable struct {
	SourceTypes []string
	Mark        Mark
}

// MoveState implements resource.ResourceWithMoveState.
func (m Movable) MoveState(context.Context) []resource.StateMover {
	return Movers(m.SourceTypes, m.Mark)
}

// Upgradable, embedded in a resource at SchemaVersion, implements
// MoveState and UpgradeState: it keeps this provider's version-0 state and
// takes only the id of Runpod's provider's state for the same type name
// (Upgraders), telling them apart by OwnAttributes. Of is the resource
// itself, whose schema the upgrade reads.
type Upgradable struct {
	Movable
	OwnAttributes []string
	Of            resource.Resource
}

// UpgradeState implements resource.ResourceWithUpgradeState.
func (u Upgradable) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	var s resource.SchemaResponse
	u.Of.Schema(ctx, resource.SchemaRequest{}, &s)
	return Upgraders(s.Schema, u.OwnAttributes)
}
