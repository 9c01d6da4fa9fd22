package ecrdelegation_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// The data sources read delegations registered outside Terraform: one by
// name or id with every attribute, a shared name refused with the ids, and
// the whole list sorted by name (unnamed first).
func TestAccEcrDelegation_dataSources(t *testing.T) {
	env := acctest.New(t)
	name, dup := "app-images", "dup"
	app := env.Fake.SeedDelegation(arnApp, &name)
	unnamed := env.Fake.SeedDelegation(arnJobs, nil)
	env.Fake.SeedDelegation(arnJobs, &dup)
	env.Fake.SeedDelegation(arnApp, &dup)
	const ds = "data.runpod_ecr_delegation.app"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `
data "runpod_ecr_delegation" "app" { name = "app-images" }
data "runpod_ecr_delegation" "by_id" { id = "` + unnamed.ID + `" }
data "runpod_ecr_delegations" "all" {}
`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, acctest.Attr("id"), knownvalue.StringExact(app.ID)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("resource"), knownvalue.StringExact(arnApp)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("repository"), knownvalue.StringExact("runpod/deployment")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("aws_region"), knownvalue.StringExact("us-east-2")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("aws_user"), knownvalue.StringExact("418399314813")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("docker_registry_uri"), knownvalue.StringExact("418399314813.dkr.ecr.us-east-2.amazonaws.com")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("tag"), knownvalue.StringExact("latest")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("created_at"), rfc3339()),
					statecheck.ExpectKnownValue("data.runpod_ecr_delegation.by_id", acctest.Attr("name"), knownvalue.Null()),
					statecheck.ExpectKnownValue("data.runpod_ecr_delegation.by_id", acctest.Attr("resource"), knownvalue.StringExact(arnJobs)),
					statecheck.ExpectKnownValue("data.runpod_ecr_delegations.all", acctest.Attr("ecr_delegations"), knownvalue.ListSizeExact(4)),
					statecheck.ExpectKnownValue("data.runpod_ecr_delegations.all", acctest.Attr("ecr_delegations", 0, "id"), knownvalue.StringExact(unnamed.ID)),
					statecheck.ExpectKnownValue("data.runpod_ecr_delegations.all", acctest.Attr("ecr_delegations", 1, "name"), knownvalue.StringExact("app-images")),
				},
			},
			{
				Config:      `data "runpod_ecr_delegation" "dup" { name = "dup" }`,
				ExpectError: regexp.MustCompile(`(?s)ECR Delegation Name Is Ambiguous.*2 ECR delegations are named "dup"`),
			},
			{
				Config:      `data "runpod_ecr_delegation" "none" { id = "deleg_nosuch" }`,
				ExpectError: regexp.MustCompile(`ECR Delegation Not Found`),
			},
		},
	})
}

// terraform query finds delegations by repository and name; with
// include_resource each is the delegation as an import reads it, ARN
// included.
func TestAccEcrDelegation_listResource(t *testing.T) {
	env := acctest.New(t)
	name := "app-images"
	app := env.Fake.SeedDelegation(arnApp, &name)
	unnamed := env.Fake.SeedDelegation(arnApp, nil)
	env.Fake.SeedDelegation(arnJobs, &name)
	const q = "runpod_ecr_delegation.app"
	env.QueryTest(t, []resource.TestStep{{
		Config: acctest.Testdata(t, "deployment_delegations_list", nil),
		QueryResultChecks: []querycheck.QueryResultCheck{
			querycheck.ExpectLength(q, 2),
			querycheck.ExpectIdentity(q, acctest.HasID(app.ID)),
			querycheck.ExpectResourceDisplayName(q, acctest.ByID(app.ID),
				knownvalue.StringExact("app-images ("+app.ID+", runpod/deployment in us-east-2)")),
			querycheck.ExpectResourceDisplayName(q, acctest.ByID(unnamed.ID),
				knownvalue.StringExact("(unnamed) ("+unnamed.ID+", runpod/deployment in us-east-2)")),
			querycheck.ExpectResourceKnownValues(q, acctest.ByID(app.ID), []querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("resource"), KnownValue: knownvalue.StringExact(arnApp)},
				{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact("app-images")},
			}),
		},
	}})
}
