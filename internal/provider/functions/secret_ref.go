package functions

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/secret"
)

// NewSecretRef returns provider::runpod::secret_ref.
func NewSecretRef() function.Function { return secretRef{} }

// secretRef builds the env placeholder that makes Runpod substitute an
// account secret's value when a pod or worker boots. The name is checked by
// the same rules as runpod_secret's name: a name Runpod would never accept
// for a secret can never resolve, and the pod would boot with the literal
// placeholder in its environment.
type secretRef struct{}

func (secretRef) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "secret_ref"
}

func (secretRef) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "The env reference to a Runpod secret",
		MarkdownDescription: "Returns `{{ RUNPOD_SECRET_<name> }}`, the reference that Runpod replaces with the value of " +
			"the account secret `name` when a pod or serverless worker boots. Use it as an `env` value of a " +
			"`runpod_pod`, `runpod_template` or `runpod_endpoint` so that the secret's value never appears in " +
			"configuration, plan or state.\n\n" +
			"The name is checked by the rules of `runpod_secret`'s `name`: 1 to 191 characters, a letter or an " +
			"underscore first, then letters, digits, `_`, `.`, `-` or `/`, and not starting with `RUNPOD` in any " +
			"letter case. A name that breaks them is an error naming the rule. The function does not check that " +
			"the secret exists: pass `runpod_secret.<name>.name` to have Terraform create the secret before what " +
			"refers to it.\n\n" + requirements,
		Parameters: []function.Parameter{
			function.StringParameter{
				Name:                "name",
				MarkdownDescription: "The secret's name, as in `runpod_secret`'s `name`, e.g. `hf_token`.",
			},
		},
		Return: function.StringReturn{},
	}
}

func (secretRef) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var name string
	resp.Error = req.Arguments.Get(ctx, &name)
	if resp.Error != nil {
		return
	}
	if problem := secret.NameProblem(name); problem != "" {
		// Terraform and OpenTofu end the message with a period of their own.
		resp.Error = function.NewArgumentFuncError(0, strings.TrimSuffix(problem, "."))
		return
	}
	resp.Error = resp.Result.Set(ctx, types.StringValue(secret.Reference(name)))
}
