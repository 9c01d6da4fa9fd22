package catalog_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func TestAccCatalogTemplates(t *testing.T) {
	env := acctest.New(t)
	// A newer release under the same name sorts first; a serverless PyTorch
	// template and an AMD one are filtered out below.
	newer := runpodfake.DefaultTemplate("Runpod Pytorch 2.8.0", "runpod/pytorch:1.0.3-cu1281-torch280-ubuntu2404")
	newer.ID = "torch-newer"
	env.Fake.SeedPublicTemplate(newer, "official")
	sls := runpodfake.DefaultTemplate("Pytorch worker", "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404")
	sls.ID, sls.Serverless = "torch-sls", true
	env.Fake.SeedPublicTemplate(sls, "official")
	amd := runpodfake.DefaultTemplate("Pytorch ROCm", "rocm/pytorch:latest")
	amd.ID, amd.Category = "torch-rocm", "AMD"
	env.Fake.SeedPublicTemplate(amd, "official")

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config:      `data "runpod_catalog_templates" "bad" { name_regex = "(" }`,
				ExpectError: regexp.MustCompile(`(?s)Invalid Regular Expression.*name_regex`),
			},
			{
				Config:      `data "runpod_catalog_templates" "bad" { source = "mine" }`,
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Value Match.*source.*official`),
			},
			{
				Config: acctest.Testdata(t, "catalog_template_filters", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_catalog_templates.official", acctest.Attr("templates"),
						acctest.IDs("torch-rocm", "torch-sls", "torch-newer", "runpod-torch-v280", "runpod-ubuntu")),
					statecheck.ExpectKnownValue("data.runpod_catalog_templates.torch", acctest.Attr("templates"), acctest.IDs("torch-newer", "runpod-torch-v280")),
					statecheck.ExpectKnownValue("data.runpod_catalog_templates.torch", acctest.Attr("templates", 1), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"id":                    knownvalue.StringExact("runpod-torch-v280"),
						"name":                  knownvalue.StringExact("Runpod Pytorch 2.8.0"),
						"image":                 knownvalue.StringExact("runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"),
						"args":                  knownvalue.StringExact(""),
						"container_disk_gb":     knownvalue.Int64Exact(50),
						"persistent_volume":     knownvalue.ObjectExact(map[string]knownvalue.Check{"size_gb": knownvalue.Int64Exact(20), "path": knownvalue.StringExact("/workspace")}),
						"ports":                 acctest.Strings("8888/http", "22/tcp"),
						"env":                   knownvalue.MapExact(map[string]knownvalue.Check{}),
						"category":              knownvalue.StringExact("NVIDIA"),
						"serverless":            knownvalue.Bool(false),
						"start_ssh":             knownvalue.Bool(true),
						"start_jupyter":         knownvalue.Bool(true),
						"allowed_cuda_versions": acctest.Strings(),
					})),
					statecheck.ExpectKnownValue("data.runpod_catalog_templates.regex", acctest.Attr("templates"), acctest.IDs("torch-rocm", "runpod-ubuntu")),
					statecheck.ExpectKnownValue("data.runpod_catalog_templates.community", acctest.Attr("templates"), acctest.IDs("c0mfyu1c0m")),
					statecheck.ExpectKnownValue("data.runpod_catalog_templates.none", acctest.Attr("templates"), knownvalue.ListExact(nil)),
					acctest.CheckFake(func() error { return sentQuery(env, "/v2/catalog/templates", "source=community") }),
					acctest.CheckFake(func() error { return sentQuery(env, "/v2/catalog/templates", "source=verified") }),
				},
			},
		},
	})
}

// The official PyTorch template, picked through the data source, backs a
// pod: the pod is created with its id and takes its image and ports.
func TestAccCatalogTemplates_podFromPublicTemplate(t *testing.T) {
	env := acctest.New(t)
	const pod = "runpod_pod.torch"
	cfg := acctest.Testdata(t, "pod_from_catalog_template", nil)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(pod, plancheck.ResourceActionCreate),
					plancheck.ExpectKnownValue(pod, acctest.Attr("template_id"), knownvalue.StringExact("runpod-torch-v280")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(pod, acctest.Attr("template_id"), knownvalue.StringExact("runpod-torch-v280")),
					statecheck.ExpectKnownValue(pod, acctest.Attr("image"), knownvalue.StringExact("runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404")),
					statecheck.ExpectKnownValue(pod, acctest.Attr("persistent_volume"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"size_gb": knownvalue.Int64Exact(20), "path": knownvalue.StringExact("/workspace"),
					})),
					statecheck.ExpectKnownValue(pod, acctest.Attr("ports"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("8888/http"), knownvalue.StringExact("22/tcp"),
					})),
					acctest.CheckFake(func() error {
						for _, r := range env.Fake.Requests() {
							if r.Method == "POST" && r.Path == "/v2/pods" {
								var body map[string]any
								if err := json.Unmarshal(r.Body, &body); err != nil {
									return err
								}
								if body["templateId"] != "runpod-torch-v280" {
									return fmt.Errorf("create body %v: want templateId runpod-torch-v280", body)
								}
								return nil
							}
						}
						return fmt.Errorf("no POST /v2/pods")
					}),
				},
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(pod, plancheck.ResourceActionNoop),
				}},
			},
		},
	})
}

// The documented example plans and applies against the fake as written.
func TestAccCatalogTemplatesExample(t *testing.T) {
	example := acctest.Example(t, "data-sources/runpod_catalog_templates/data-source.tf")
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: example,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue("runpod_pod.notebook", acctest.Attr("template_id"), knownvalue.StringExact("runpod-torch-v280")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("pytorch_image", knownvalue.StringExact("runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404")),
					statecheck.ExpectKnownValue("runpod_pod.notebook", acctest.Attr("image"), knownvalue.StringExact("runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404")),
				},
			},
			{
				Config:           example,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}
