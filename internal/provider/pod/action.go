package pod

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/action/timeouts"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

// Action type names.
const (
	StopActionType    = "runpod_pod_stop"
	StartActionType   = "runpod_pod_start"
	RestartActionType = "runpod_pod_restart"
)

var (
	_ action.Action              = (*podAction)(nil)
	_ action.ActionWithConfigure = (*podAction)(nil)
)

// actionKind is what sets one pod action apart from the others: the API
// action it sends, the status it waits for, and how it speaks of itself.
type actionKind struct {
	// move is the lifecycle move the action makes.
	move
	typeName       string
	defaultTimeout time.Duration
	description    string
}

// desiredStatusNote is how every action relates to runpod_pod's
// desired_status; the resource's documentation says the same.
const desiredStatusNote = "\n\n~> **`desired_status` stays the source of truth.** An action changes the pod, not the " +
	"configuration. When the pod is managed by a `runpod_pod` resource, the next plan reads the pod's status back into " +
	"`desired_status` (`PROVISIONING`, `STARTING` and `RUNNING` read as `\"RUNNING\"`; `EXITED` and `ERROR` as " +
	"`\"EXITED\"`) and plans to undo any difference with the configuration: a pod this action stopped while the " +
	"configuration says `\"RUNNING\"` (the default) is started again by the next apply, and a pod it started while the " +
	"configuration says `\"EXITED\"` is stopped again. To keep what the action did, change `desired_status` in the " +
	"configuration to match, or add `desired_status` to the resource's `lifecycle { ignore_changes = [...] }` so that " +
	"the actions alone drive it. A restart ends where it began (running), so it never shows as a change."

// actionCommonNote covers what the three actions share: the read before
// the write, the refusals and the wait.
const actionCommonNote = "\n\nThe action reads the pod first: a pod already where the action would take it is left " +
	"alone, with a message saying so. Otherwise it sends the request once and never repeats it; Runpod's refusals are " +
	"explained: a pod that does not exist, a locked pod (`locked = true`, which guards it against stop and restart), a " +
	"pod that belongs to an instant cluster (managed through `runpod_cluster`), and, on start, a GPU taken while the pod " +
	"was stopped. It then waits for the pod to get there, reporting its status as it goes, up to `timeouts.invoke`. A wait that " +
	"runs out is a warning, not an error: Runpod accepted the request and the pod keeps going. Requires Terraform 1.14 " +
	"or later (OpenTofu has no actions)."

var (
	stopKind = actionKind{
		move: stopMove, typeName: StopActionType,
		defaultTimeout: 10 * time.Minute,
		description: "Stops a pod (Runpod's `stop`) and waits until it is `EXITED`. Stopping releases the GPU and ends " +
			"compute billing; the volume disk keeps billing at the stopped rate and the container disk is wiped. A later " +
			"start needs the same machine's GPUs to be free. A pod that is already `EXITED`, or in `ERROR` (not running, " +
			"and Runpod offers only start and terminate for it), is left as it is." +
			actionCommonNote + desiredStatusNote,
	}
	startKind = actionKind{
		move: startMove, typeName: StartActionType,
		defaultTimeout: 20 * time.Minute,
		description: "Starts a stopped pod (`EXITED` or `ERROR`; Runpod's `start`) and waits until it is `RUNNING` with " +
			"every exposed port mapped. The pod bills from then on. A stopped pod resumes on the machine it was created " +
			"on: when that machine's GPUs were taken meanwhile, Runpod refuses and the pod stays stopped. A pod that is " +
			"already running, or on its way up, is not started again; the action waits for it to be ready." +
			actionCommonNote + desiredStatusNote,
	}
	restartKind = actionKind{
		move: restartMove, typeName: RestartActionType,
		defaultTimeout: 20 * time.Minute,
		description: "Restarts a running pod's container (Runpod's `restart`) and waits until it is `RUNNING` again with " +
			"every exposed port mapped. It keeps the pod's machine, so no GPU is given up; it also applies a " +
			"`global_networking` change that Runpod holds until the next restart. A stopped pod is not restarted (use " +
			"`runpod_pod_start`); a pod already on its way up is not restarted again, the action waits for it to be ready." +
			actionCommonNote + desiredStatusNote,
	}
)

// NewStopAction is the runpod_pod_stop action factory.
func NewStopAction() action.Action { return &podAction{kind: stopKind, waits: defaultWaits} }

// NewStartAction is the runpod_pod_start action factory.
func NewStartAction() action.Action { return &podAction{kind: startKind, waits: defaultWaits} }

// NewRestartAction is the runpod_pod_restart action factory.
func NewRestartAction() action.Action { return &podAction{kind: restartKind, waits: defaultWaits} }

// podAction is one of the day-2 actions on a pod: stop, start or restart.
type podAction struct {
	// data is nil until the provider is configured.
	data  *providerdata.Data
	kind  actionKind
	waits poll.Backoff
}

// actionModel is the configuration of every pod action.
type actionModel struct {
	PodID    types.String   `tfsdk:"pod_id"`
	Timeouts timeouts.Value `tfsdk:"timeouts"`
}

func (a *podAction) Metadata(_ context.Context, _ action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = a.kind.typeName
}

func (a *podAction) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	data, diags := providerdata.FromProviderData(req.ProviderData)
	resp.Diagnostics.Append(diags...)
	a.data = data
}

// staleOutputsNote is said on every pod action: an action changes the pod
// but not the state Terraform holds for it.
const staleOutputsNote = "\n\nAn action changes the pod, not Terraform's state: attributes of a `runpod_pod` read in this run " +
	"(`status`, `ssh_direct`, `public_ip`, port mappings) and outputs built from them keep their values from before the " +
	"action until the next refresh (`terraform apply -refresh-only`, or the next plan)."

func (a *podAction) Schema(ctx context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: a.kind.description + staleOutputsNote,
		Attributes: map[string]schema.Attribute{
			"pod_id": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Id of the pod to %s: `runpod_pod.NAME.id` for a pod this configuration "+
					"manages, or the id of any pod in the account (shown in the Runpod console, by `terraform query`, "+
					"or by the `runpod_pods` data source).", a.kind.verb),
				Required:   true,
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.BlockWithOpts(ctx, timeouts.Opts{InvokeDescription: fmt.Sprintf(
				"How long to wait for the pod to %s, as a duration such as `\"90s\"` or `\"30m\"`. Defaults to "+
					"`\"%s\"`. Running out is a warning: the pod keeps going.", a.kind.waitGoal(), shortDuration(a.kind.defaultTimeout))}),
		},
	}
}

// waitGoal is what the action waits for, in words.
func (k actionKind) waitGoal() string {
	if k.target == desiredExited {
		return "stop"
	}
	return "run again with its ports mapped"
}

// shortDuration prints d without trailing zero units: 10m, not 10m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}
