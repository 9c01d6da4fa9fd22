package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/runpod-tf/terraform-provider-runpod/internal/clicommand"
	"github.com/runpod-tf/terraform-provider-runpod/internal/destroyrefresh"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

// Serve serves the provider over plugin protocol 6 until Terraform stops it:
// main's whole job, and what the acceptance tests' plugin mode runs.
//
// When the Terraform or OpenTofu command that started the process destroys
// (destroy, or plan/apply with -destroy), the normal plan it makes first to
// refresh state skips the provider's plan-time checks (destroyrefresh): a
// check of a create that will never happen must not abort a destroy. With
// -debug the process outlives any one command, so that never applies.
//
// The command's -parallelism tells the plan of a new object when its wait
// for its siblings' refresh holds every slot Terraform has (see
// providerdata.UnmanagedLookalikes); with -debug the default is assumed.
func Serve(version string, debug bool) error {
	destroying := false
	if !debug {
		if cmd, err := clicommand.Parent(); err == nil {
			destroying = cmd.Destroy
			providerdata.SetParallelism(cmd.Parallelism)
		}
	}
	newProvider := New(version)
	var opts []tf6server.ServeOpt
	if debug {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	return tf6server.Serve(RegistryAddress, func() tfprotov6.ProviderServer {
		return destroyrefresh.Wrap(providerserver.NewProtocol6(newProvider())(), destroying)
	}, opts...)
}
