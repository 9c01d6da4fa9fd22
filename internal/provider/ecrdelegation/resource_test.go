package ecrdelegation_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const (
	addr    = "runpod_ecr_delegation.d"
	arnApp  = "arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment"
	arnJobs = "arn:aws:ecr:eu-west-1:418399314813:repository/batch-jobs"
)

func config(arn, name string) string {
	nameLine := ""
	if name != "" {
		nameLine = fmt.Sprintf("  name     = %q\n", name)
	}
	return fmt.Sprintf(`
resource "runpod_ecr_delegation" "d" {
  resource = %q
%s}`, arn, nameLine)
}

// checkRevoked is CheckDestroy: every delegation of the final state must be
// revoked in the fake, not only gone from state.
func checkRevoked(fake *runpodfake.Fake) func(*terraform.State) error {
	return func(s *terraform.State) error {
		for _, rs := range s.RootModule().Resources {
			if rs.Type != "runpod_ecr_delegation" {
				continue
			}
			if _, ok := fake.Delegation(rs.Primary.ID); ok {
				return fmt.Errorf("ECR delegation %s still registered after destroy", rs.Primary.ID)
			}
		}
		return acctest.CheckDestroyed(fake)(s)
	}
}

func otherID(id *string) knownvalue.Check {
	return knownvalue.StringFunc(func(s string) error {
		if s == *id {
			return fmt.Errorf("id is still %s: the delegation was not replaced", s)
		}
		return nil
	})
}

// registered asserts what the fake holds for delegation *id: the ARN sent.
func registered(fake *runpodfake.Fake, id *string, arn string) statecheck.StateCheck {
	return acctest.CheckFake(func() error {
		d, ok := fake.Delegation(*id)
		if !ok {
			return fmt.Errorf("ECR delegation %s is not registered in the fake", *id)
		}
		if d.Resource != arn {
			return fmt.Errorf("registered with %q, want %q", d.Resource, arn)
		}
		return nil
	})
}

func rfc3339() knownvalue.Check {
	return knownvalue.StringFunc(func(s string) error {
		_, err := time.Parse(time.RFC3339, s)
		return err
	})
}

// A delegation is registered with every attribute read back, imported
// (ImportStateVerify: the ARN, which the API does not return, comes back
// the same), replaced by every argument change, re-registered after a
// revoke outside Terraform, and revoked on destroy.
func TestAccEcrDelegation_lifecycle(t *testing.T) {
	env := acctest.New(t)
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             checkRevoked(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: config(arnApp, "ci"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringRegexp(regexp.MustCompile(`^deleg_[a-z0-9]+$`))),
					statecheck.ExpectKnownValue(addr, acctest.Attr("resource"), knownvalue.StringExact(arnApp)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("ci")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("delegator_user_id"), knownvalue.StringExact(runpodfake.DelegatorUserID)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("aws_user"), knownvalue.StringExact("418399314813")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("repository"), knownvalue.StringExact("runpod/deployment")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("tag"), knownvalue.StringExact(runpodfake.DefaultDelegationTag)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("aws_region"), knownvalue.StringExact("us-east-2")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("docker_registry_uri"), knownvalue.StringExact("418399314813.dkr.ecr.us-east-2.amazonaws.com")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("created_at"), rfc3339()),
					registered(env.Fake, &id, arnApp),
				},
			},
			{
				ResourceName:      addr,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// No update: a new name replaces the delegation.
				Config: config(arnApp, "ci-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), otherID(&id)),
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("ci-2")),
					registered(env.Fake, &id, arnApp),
				},
			},
			{
				// Another repository replaces it too.
				Config: config(arnJobs, "ci-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), otherID(&id)),
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("repository"), knownvalue.StringExact("batch-jobs")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("aws_region"), knownvalue.StringExact("eu-west-1")),
					registered(env.Fake, &id, arnJobs),
				},
			},
			{
				// Removing the name replaces it with an unnamed one.
				Config: config(arnJobs, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), otherID(&id)),
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.Null()),
				},
			},
			{
				ResourceName:      addr,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// Revoked outside Terraform: the refresh drops it and the
				// plan registers it again.
				PreConfig: func() {
					if !env.Fake.RevokeDelegation(id) {
						t.Fatalf("delegation %s not in the fake", id)
					}
				},
				Config: config(arnJobs, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), otherID(&id)),
					acctest.CaptureAttr(addr, "id", &id),
					registered(env.Fake, &id, arnJobs),
				},
			},
		},
	})
}

// An ARN that is not an ECR repository's fails the plan on the attribute,
// saying what form is expected; nothing is sent.
func TestAccEcrDelegation_invalidARN(t *testing.T) {
	env := acctest.New(t)
	cases := []struct{ arn, want string }{
		{"418399314813.dkr.ecr.us-east-2.amazonaws.com/runpod/deployment:v1", "is an image or registry URI, not an ARN"},
		{"arn:aws:s3:::my-bucket", "is not an ECR repository ARN"},
		{"arn:aws:ecr:us-east-2:4183:repository/app", "is not an ECR repository ARN"},
		{"arn:aws:ecr:us-east-2:418399314813:repository/App", "is not an ECR repository ARN"},
	}
	var steps []resource.TestStep
	for _, tc := range cases {
		steps = append(steps, resource.TestStep{
			Config:   config(tc.arn, ""),
			PlanOnly: true,
			ExpectError: regexp.MustCompile(`(?s)Invalid ECR Repository ARN.*` + words(tc.want) + `.*` +
				regexp.QuoteMeta("arn:aws:ecr:REGION:ACCOUNT_ID:repository/REPOSITORY_NAME")),
		})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps:                    steps,
	})
	for _, r := range env.Fake.Requests() {
		if r.Method == "POST" {
			t.Errorf("an invalid ARN reached the API: %s %s", r.Method, r.Path)
		}
	}
}

// words matches the words of s however the CLI wraps them.
func words(s string) string {
	parts := strings.Fields(s)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return strings.Join(parts, `\s+`)
}

// Runpod's refusal of a registration is shown with its own words.
func TestAccEcrDelegation_refusalShown(t *testing.T) {
	env := acctest.New(t)
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/registries/delegations", Status: 403})
	cli := env.CLI(t)
	cli.SetConfig(config(arnApp, "ci"))
	cli.Init()
	res := cli.MustFail("apply", "-auto-approve", "-input=false", "-no-color")
	res.Contains(t, "ECR Delegation Not Registered", `registering ECR delegation "ci" of`, arnApp, "Status: 403 Forbidden")
	if n := len(env.Fake.Delegations()); n != 0 {
		t.Errorf("%d delegations registered after a refusal", n)
	}
}

// A delegation is imported back by its identity and by its id through
// import blocks, and each plans to the import alone.
func TestAccEcrDelegation_identity(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, env.IdentityTestCase(addr, config(arnApp, "identity"), false))
}

// Destroying a delegation that is already revoked (404) counts as done.
func TestAccEcrDelegation_destroyAlreadyRevoked(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(config(arnApp, "gone"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	id := cli.StateID(addr)
	env.Fake.RevokeDelegation(id)
	res := cli.MustRun("destroy", "-auto-approve", "-input=false", "-refresh=false", "-no-color")
	if !strings.Contains(res.Output(), "Destroy complete") {
		t.Errorf("destroy output: %s", res.Output())
	}
}

// A registration whose reply is lost (the API registered it, then the
// connection failed) is not sent again, and the one delegation with the
// same name and repository that appeared since is named with the import
// block, not adopted: another writer may have registered it.
func TestAccEcrDelegation_lostReplyIsNotAdopted(t *testing.T) {
	env := acctest.New(t)
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/registries/delegations", Status: 503, AfterHandler: true})
	cli := env.CLI(t)
	cli.SetConfig(config(arnApp, "flaky"))
	cli.Init()
	res := cli.Run("apply", "-auto-approve", "-input=false", "-no-color")
	if res.ExitCode == 0 {
		t.Fatalf("the apply adopted a delegation that another writer may have registered:\n%s", res.Output())
	}
	all := env.Fake.Delegations()
	if len(all) != 1 {
		t.Fatalf("fake holds %+v, want the one delegation", all)
	}
	res.Says(t, "Error: ECR Delegation May Have Been Created", "ECR Delegation "+all[0].ID+" may be the one this apply created",
		"another writer", `id = "`+all[0].ID+`"`)
	if ids := cli.StateIDs("runpod_ecr_delegation"); len(ids) != 0 {
		t.Errorf("state tracks %v", ids)
	}
	posts := 0
	for _, r := range env.Fake.Requests() {
		if r.Method == "POST" {
			posts++
		}
	}
	if posts != 1 {
		t.Errorf("%d registrations sent, want 1", posts)
	}
}
