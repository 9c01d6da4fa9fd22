package secret_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func TestAccSecretDataSources(t *testing.T) {
	env := acctest.New(t)
	desc := "made in the console"
	seeded := env.Fake.SeedSecret(runpodfake.Secret{Name: "openai_key", Value: "sk-never-shown", Description: &desc})
	env.Fake.SeedSecret(runpodfake.Secret{Name: "another", Value: "x"})

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: acctest.Testdata(t, "secret_data_sources", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_secret.by_name", tfjsonpath.New("id"), knownvalue.StringExact(seeded.ID)),
					statecheck.ExpectKnownValue("data.runpod_secret.by_name", tfjsonpath.New("description"), knownvalue.StringExact(desc)),
					statecheck.ExpectKnownValue("data.runpod_secret.by_name", tfjsonpath.New("reference"),
						knownvalue.StringExact("{{ RUNPOD_SECRET_openai_key }}")),
					statecheck.ExpectKnownValue("data.runpod_secret.by_id", tfjsonpath.New("name"), knownvalue.StringExact("openai_key")),
					statecheck.ExpectKnownValue("data.runpod_secret.by_id", tfjsonpath.New("value_last_updated_at"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("data.runpod_secrets.all", tfjsonpath.New("secrets"), knownvalue.ListSizeExact(2)),
					// Sorted by name; metadata only.
					statecheck.ExpectKnownValue("data.runpod_secrets.all", tfjsonpath.New("secrets").AtSliceIndex(0),
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"id":                    knownvalue.NotNull(),
							"name":                  knownvalue.StringExact("another"),
							"description":           knownvalue.Null(),
							"reference":             knownvalue.StringExact("{{ RUNPOD_SECRET_another }}"),
							"created_at":            knownvalue.NotNull(),
							"value_last_updated_at": knownvalue.NotNull(),
						})),
				},
			},
		},
	})
}

func TestAccSecretDataSource_errors(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config:      `data "runpod_secret" "s" { name = "nope" }`,
				ExpectError: regexp.MustCompile(`(?s)Secret Not Found.*no secret named "nope"`),
			},
			{
				Config:      `data "runpod_secret" "s" { id = "doesnotexist" }`,
				ExpectError: regexp.MustCompile(`(?s)Secret Not Found.*"doesnotexist"`),
			},
			{
				Config:      `data "runpod_secret" "s" {}`,
				ExpectError: regexp.MustCompile(`(?s)Missing Attribute Configuration.*Exactly one of these attributes must be\s+configured: \[id,name\]`),
			},
		},
	})
}
