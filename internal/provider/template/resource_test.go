package template_test

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

const addr = "runpod_template.t"

func TestAccTemplate_lifecycle(t *testing.T) {
	env := acctest.New(t)
	var id string

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				// Minimal template: the API's defaults are read back into state.
				Config: `
resource "runpod_template" "t" {
  name  = "lifecycle"
  image = "runpod/base:0.6.2"
}`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[a-z0-9]+$`))),
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("lifecycle")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("image"), knownvalue.StringExact("runpod/base:0.6.2")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("args"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("entrypoint"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cmd"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("ports"), knownvalue.SetSizeExact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), knownvalue.MapSizeExact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("registry_auth_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, acctest.Attr("persistent_volume"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, acctest.Attr("category"), knownvalue.StringExact("NVIDIA")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("start_ssh"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("start_jupyter"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("serverless"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("public"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("allowed_cuda_versions"), knownvalue.SetSizeExact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("container_disk_gb"), knownvalue.NotNull()),
				},
			},
			{
				ResourceName:      addr,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// Every field set: one PATCH, in place, carrying only what changed.
				PreConfig: env.Fake.ResetRequests,
				Config:    acctest.Testdata(t, "template_all_fields", nil),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addr, acctest.Attr("cmd")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("lifecycle-renamed")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("args"), knownvalue.StringExact("python -m http.server 8888")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cmd"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("python"), knownvalue.StringExact("-m"),
						knownvalue.StringExact("http.server"), knownvalue.StringExact("8888"),
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("container_disk_gb"), knownvalue.Int64Exact(40)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("ports"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("8888/http"), knownvalue.StringExact("22/tcp"),
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), knownvalue.MapExact(map[string]knownvalue.Check{
						"A": knownvalue.StringExact("1"), "B": knownvalue.StringExact("two"),
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("category"), knownvalue.StringExact("AMD")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("start_jupyter"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("persistent_volume"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"size_gb": knownvalue.Int64Exact(20), "path": knownvalue.StringExact("/workspace"),
					})),
					acctest.CheckFake(func() error {
						body, err := onlyPatch(env.Fake, id)
						if err != nil {
							return err
						}
						for _, unchanged := range []string{"startSsh", "serverless", "public", "registry"} {
							if _, sent := body[unchanged]; sent {
								return fmt.Errorf("PATCH sent unchanged field %q: %v", unchanged, body)
							}
						}
						for _, changed := range []string{"name", "image", "args", "disk", "ports", "env", "category", "startJupyter", "allowedCudaVersions", "mounts"} {
							if _, sent := body[changed]; !sent {
								return fmt.Errorf("PATCH did not send changed field %q: %v", changed, body)
							}
						}
						return nil
					}),
				},
			},
			{
				// Removing lists, maps and the command really clears them in the API.
				PreConfig: env.Fake.ResetRequests,
				Config:    acctest.Testdata(t, "template_amd_with_volume", nil),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("args"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cmd"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("ports"), knownvalue.SetSizeExact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), knownvalue.MapSizeExact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("allowed_cuda_versions"), knownvalue.SetSizeExact(0)),
					acctest.CheckFake(func() error {
						tpl, ok := env.Fake.Template(id)
						if !ok {
							return fmt.Errorf("template %s missing from the fake", id)
						}
						if len(tpl.Ports) != 0 || len(tpl.Env) != 0 || tpl.Args != "" || len(tpl.AllowedCudaVersions) != 0 {
							return fmt.Errorf("API still holds cleared fields: %+v", tpl)
						}
						return nil
					}),
				},
			},
			{
				// The API cannot remove a persistent mount: removing it replaces.
				Config: acctest.Testdata(t, "template_amd", nil),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("persistent_volume"), knownvalue.Null()),
				},
			},
		},
	})
}

// onlyPatch returns the body of the one PATCH sent for template id since the
// request log was last reset, failing if there was not exactly one.
func onlyPatch(fake *runpodfake.Fake, id string) (map[string]any, error) {
	var bodies []map[string]any
	for _, r := range fake.Requests() {
		if r.Method == "PATCH" && r.Path == "/v2/templates/"+id {
			var m map[string]any
			if err := json.Unmarshal(r.Body, &m); err != nil {
				return nil, err
			}
			bodies = append(bodies, m)
		}
	}
	if len(bodies) != 1 {
		return nil, fmt.Errorf("want exactly one PATCH of template %s, got %d", id, len(bodies))
	}
	return bodies[0], nil
}

func TestAccTemplate_execForm(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: `
resource "runpod_template" "t" {
  name       = "exec-form"
  image      = "runpod/worker:1"
  entrypoint = ["/bin/sh", "-c"]
  cmd        = ["echo hello"]
}`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("entrypoint"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("/bin/sh"), knownvalue.StringExact("-c"),
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cmd"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("echo hello"),
					})),
					// args shows the stored form; it is derived, not empty.
					statecheck.ExpectKnownValue(addr, acctest.Attr("args"), knownvalue.StringRegexp(regexp.MustCompile(`entrypoint`))),
				},
			},
			{
				// Switching to the string form re-derives the arrays.
				Config: `
resource "runpod_template" "t" {
  name  = "exec-form"
  image = "runpod/worker:1"
  args  = "sleep infinity"
}`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("args"), knownvalue.StringExact("sleep infinity")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("entrypoint"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cmd"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("sleep"), knownvalue.StringExact("infinity"),
					})),
				},
			},
		},
	})
}

// Both forms of the command at once is a configuration error, before any
// API call.
func TestAccTemplate_argsConflictWithExecForm(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `
resource "runpod_template" "t" {
  name  = "exec-form"
  image = "runpod/worker:1"
  args  = "sleep infinity"
  cmd   = ["sleep", "infinity"]
}`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*"cmd" cannot be specified when "args"`),
			},
		},
	})
	if n := len(env.Fake.Requests()); n != 0 {
		t.Fatalf("a config error reached the API: %d requests", n)
	}
}

func TestAccTemplate_nameTaken(t *testing.T) {
	env := acctest.New(t)
	existing := env.Fake.SeedTemplate(runpodfake.Template{Name: "taken", Image: "nginx:1"})
	env.NameTakenIsRefused(t, templateKind, "taken", "taken", existing.ID, 0)
	// The existing template was neither changed nor used as ours.
	if got, ok := env.Fake.Template(existing.ID); !ok || got.Image != "nginx:1" {
		t.Fatalf("pre-existing template was modified or deleted: %+v (present=%v)", got, ok)
	}
}

func TestAccTemplate_drift(t *testing.T) {
	env := acctest.New(t)
	var id string
	config := `
resource "runpod_template" "t" {
  name  = "drift"
  image = "runpod/base:0.6.2"
  ports = ["8888/http"]
}`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &id)},
			},
			{
				// Changed in the console: the plan shows an in-place update back.
				PreConfig: func() {
					env.Fake.UpdateTemplate(id, func(tpl *runpodfake.Template) {
						tpl.Image = "someone/else:latest"
						tpl.Ports = []string{"8888/http", "22/tcp"}
					})
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("image"), knownvalue.StringExact("runpod/base:0.6.2")),
					acctest.CheckFake(func() error {
						if tpl, _ := env.Fake.Template(id); tpl.Image != "runpod/base:0.6.2" || len(tpl.Ports) != 1 {
							return fmt.Errorf("drift not corrected in the API: %+v", tpl)
						}
						return nil
					}),
				},
			},
			{
				// Deleted in the console: the plan re-creates it, without error.
				PreConfig: func() { env.Fake.DeleteTemplate(id) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccTemplate_inUse(t *testing.T) {
	env := acctest.New(t)
	var id string
	config := `
resource "runpod_template" "t" {
  name  = "busy"
  image = "runpod/base:0.6.2"
}`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &id)},
			},
			{
				PreConfig:   func() { env.Fake.MarkTemplateUsedByPod(id, "pod123abc") },
				Config:      config,
				Destroy:     true,
				ExpectError: regexp.MustCompile(`(?s)Template Is In Use.*"busy".*in\s+use\s+by\s+a\s+pod.*does\s+not\s+detach\s+or\s+delete`),
			},
			{
				PreConfig:   func() { env.Fake.ReleaseTemplate(id); env.Fake.BindTemplateToEndpoint(id, "ep123abc") },
				Config:      config,
				Destroy:     true,
				ExpectError: regexp.MustCompile(`(?s)Template Is In Use`),
			},
			{
				// Still in state and untouched after both refusals.
				PreConfig: func() { env.Fake.ReleaseTemplate(id) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
		},
	})
}

func TestAccTemplate_5xxOnCreateIsNotRetried(t *testing.T) {
	env := acctest.New(t)
	// A 503 on the create is not retried (it may have been processed); a 503 on
	// a read is.
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/templates", Count: 1, Status: 503})

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `
resource "runpod_template" "t" {
  name  = "unlucky"
  image = "runpod/base:0.6.2"
}`,
				ExpectError: regexp.MustCompile(`(?s)Template Not Created.*server\s+error.*503.*may\s+have\s+been\s+processed.*instead\s+of\s+sending\s+it\s+again:\s+template\s+"unlucky"\s+was\s+not\s+created:\s+a\s+lookup\s+by\s+name\s+found\s+none`),
			},
		},
	})
	if n := env.Fake.CountRequests("POST", "/v2/templates"); n != 1 {
		t.Fatalf("create was sent %d times after a 503, want exactly 1", n)
	}
}

func TestAccTemplate_invalidPortIsAPlanError(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `
resource "runpod_template" "t" {
  name  = "bad-port"
  image = "runpod/base:0.6.2"
  ports = ["8888/udp"]
}`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid Port.*"8888/udp".*"<port>/http" or "<port>/tcp"`),
			},
		},
	})
	if n := len(env.Fake.Requests()); n != 0 {
		t.Fatalf("a config error reached the API: %d requests", n)
	}
}
