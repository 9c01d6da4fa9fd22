package template_test

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

func TestAccTemplateDataSources(t *testing.T) {
	env := acctest.New(t)
	seeded := env.Fake.SeedTemplate(runpodfake.Template{
		Name:  "console-made",
		Image: "runpod/pytorch:2",
		Ports: []string{"8888/http"},
		Env:   map[string]string{"MODE": "dev"},
	})
	env.Fake.SeedTemplate(runpodfake.Template{Name: "another", Image: "nginx:1", Serverless: true})

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: acctest.Testdata(t, "template_data_sources", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_template.by_name", tfjsonpath.New("id"), knownvalue.StringExact(seeded.ID)),
					statecheck.ExpectKnownValue("data.runpod_template.by_name", tfjsonpath.New("env"),
						knownvalue.MapExact(map[string]knownvalue.Check{"MODE": knownvalue.StringExact("dev")})),
					statecheck.ExpectKnownValue("data.runpod_template.by_id", tfjsonpath.New("name"), knownvalue.StringExact("console-made")),
					statecheck.ExpectKnownValue("data.runpod_template.by_id", tfjsonpath.New("ports"),
						knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("8888/http")})),
					statecheck.ExpectKnownValue("data.runpod_templates.all", tfjsonpath.New("templates"), knownvalue.ListSizeExact(2)),
					// Sorted by name.
					statecheck.ExpectKnownValue("data.runpod_templates.all", tfjsonpath.New("templates").AtSliceIndex(0).AtMapKey("name"),
						knownvalue.StringExact("another")),
					statecheck.ExpectKnownValue("data.runpod_templates.all", tfjsonpath.New("templates").AtSliceIndex(0).AtMapKey("serverless"),
						knownvalue.Bool(true)),
				},
			},
		},
	})
}

func TestAccTemplateDataSource_errors(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config:      `data "runpod_template" "t" { name = "nope" }`,
				ExpectError: regexp.MustCompile(`(?s)Template Not Found.*no template named "nope"`),
			},
			{
				Config:      `data "runpod_template" "t" { id = "doesnotexist" }`,
				ExpectError: regexp.MustCompile(`(?s)Template Not Found.*"doesnotexist"`),
			},
			{
				Config:      `data "runpod_template" "t" {}`,
				ExpectError: regexp.MustCompile(`(?s)Missing Attribute Configuration.*Exactly one of these attributes must be\s+configured: \[id,name\]`),
			},
		},
	})
}
