// Command terraform-provider-runpod serves the Runpod provider to Terraform and
// OpenTofu over plugin protocol 6.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider"
)

// version is set by goreleaser through -ldflags "-X main.version=...".
var version = "dev"

//go:generate go run -C tools github.com/hashicorp/terraform-plugin-docs/cmd/tfplugindocs generate --provider-dir .. --provider-name runpod

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers such as delve")
	flag.Parse()

	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address: provider.RegistryAddress,
		Debug:   debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
