package billing_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func usd(x float64) knownvalue.Check { return knownvalue.Float64Exact(x) }

func TestAccBilling(t *testing.T) {
	env := acctest.New(t)
	// 2026-06-01 is a Monday; the charges fall in its week and the next day.
	d := func(day, hour int) time.Time { return time.Date(2026, 6, day, hour, 0, 0, 0, time.UTC) }
	env.Fake.AddPodBilling("podA", d(1, 10), 1.5, 0, 0.25)
	env.Fake.AddPodBilling("podA", d(2, 3), 0.5, 0, 0)
	env.Fake.AddPodBilling("podB", d(2, 4), 0, 0.75, 0.125)
	env.Fake.AddServerlessBilling("ep1", d(1, 1), 2, 0, 0, 0.1)
	env.Fake.AddNetworkVolumeBilling("vol1", d(1, 1), 0.07, 0.3)
	env.Fake.AddEndpointBilling(d(2, 5), 0.42)
	env.Fake.AddClusterBilling("clu1", d(2, 6), 9, 0, 0)
	const (
		pods  = "data.runpod_billing.pods"
		podB  = "data.runpod_billing.pod_b"
		all   = "data.runpod_billing.all"
		vols  = "data.runpod_billing.volumes"
		pub   = "data.runpod_billing.public"
		empty = "data.runpod_billing.empty"
	)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: acctest.Testdata(t, "billing_by_kind", struct{ Start, End string }{
					"2026-06-01T00:00:00Z", "2026-06-03T00:00:00Z",
				}),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(pods, acctest.Attr("record_count"), knownvalue.Int64Exact(4)),
					statecheck.ExpectKnownValue(pods, acctest.Attr("unique_count"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(pods, acctest.Attr("total_amount"), usd(3.125)),
					statecheck.ExpectKnownValue(pods, acctest.Attr("totals"), knownvalue.MapExact(map[string]knownvalue.Check{
						"gpu_amount": usd(2), "cpu_amount": usd(0.75), "disk_amount": usd(0.375),
					})),
					statecheck.ExpectKnownValue(pods, acctest.Attr("total_by_resource"), knownvalue.MapExact(map[string]knownvalue.Check{
						"podA": usd(2.25), "podB": usd(0.875),
					})),
					statecheck.ExpectKnownValue(pods, acctest.Attr("records", 0), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"start_time":   knownvalue.StringExact("2026-06-01T00:00:00Z"),
						"end_time":     knownvalue.StringExact("2026-06-02T00:00:00Z"),
						"resource_id":  knownvalue.StringExact("podA"),
						"total_amount": usd(1.75),
						"amounts":      knownvalue.MapExact(map[string]knownvalue.Check{"gpu_amount": usd(1.5), "cpu_amount": usd(0), "disk_amount": usd(0.25)}),
					})),
					statecheck.ExpectKnownValue(pods, acctest.Attr("window"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"start_time": knownvalue.StringExact("2026-06-01T00:00:00Z"), "end_time": knownvalue.StringExact("2026-06-03T00:00:00Z"),
						"bucket_size": knownvalue.StringExact("day"),
					})),
					// A week bucket widens the window to the whole week.
					statecheck.ExpectKnownValue(podB, acctest.Attr("window", "end_time"), knownvalue.StringExact("2026-06-08T00:00:00Z")),
					statecheck.ExpectKnownValue(podB, acctest.Attr("records"), knownvalue.ListSizeExact(1)),
					statecheck.ExpectKnownValue(podB, acctest.Attr("total_amount"), usd(0.875)),
					statecheck.ExpectKnownValue(all, acctest.Attr("records"), knownvalue.ListSizeExact(2)),
					statecheck.ExpectKnownValue(all, acctest.Attr("records", 1, "resource_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(all, acctest.Attr("unique_count"), knownvalue.Null()),
					statecheck.ExpectKnownValue(all, acctest.Attr("total_amount"), usd(3.125+2.1+0.37+0.42+9)),
					statecheck.ExpectKnownValue(all, acctest.Attr("totals", "cluster_gpu_amount"), usd(9)),
					statecheck.ExpectKnownValue(all, acctest.Attr("totals", "storage_high_performance_amount"), usd(0.3)),
					statecheck.ExpectKnownValue(all, acctest.Attr("total_by_resource"), knownvalue.MapExact(map[string]knownvalue.Check{})),
					statecheck.ExpectKnownValue(vols, acctest.Attr("totals"), knownvalue.MapExact(map[string]knownvalue.Check{
						"standard_amount": usd(0.07), "high_performance_amount": usd(0.3),
					})),
					statecheck.ExpectKnownValue(pub, acctest.Attr("records"), knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectExact(map[string]knownvalue.Check{
						"start_time": knownvalue.StringExact("2026-06-01T00:00:00Z"), "end_time": knownvalue.StringExact("2026-07-01T00:00:00Z"),
						"resource_id": knownvalue.Null(), "total_amount": usd(0.42), "amounts": knownvalue.MapExact(map[string]knownvalue.Check{}),
					})})),
					statecheck.ExpectKnownValue(empty, acctest.Attr("records"), knownvalue.ListExact(nil)),
					statecheck.ExpectKnownValue(empty, acctest.Attr("record_count"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(empty, acctest.Attr("unique_count"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(empty, acctest.Attr("total_amount"), usd(0)),
				},
			},
		},
	})
}

// Bad windows fail at validate time naming the attribute, and send nothing.
func TestAccBilling_badWindows(t *testing.T) {
	env := acctest.New(t)
	bad := func(body, want string) resource.TestStep {
		return resource.TestStep{
			Config:      "data \"runpod_billing\" \"bad\" {\n" + body + "\n}",
			ExpectError: regexp.MustCompile(want),
		}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			bad(`kind = "pods"
  start_time = "2026-06-02T00:00:00Z"
  end_time   = "2026-06-01T00:00:00Z"`, `(?s)Empty Billing Window.*end_time.*must\s+be\s+after\s+start_time`),
			bad(`kind = "pods"
  start_time = "2026-06-01T00:00:00Z"
  end_time   = "2026-06-01T00:00:00Z"`, `(?s)Empty Billing Window`),
			bad(`kind = "pods"
  last_n     = 7
  start_time = "2026-06-01T00:00:00Z"`, `(?s)Invalid Attribute Combination.*last_n`),
			bad(`kind = "pods"
  bucket_size = "minute"`, `(?s)bucket_size.*must\s+be\s+one\s+of`),
			bad(`kind = "pods"
  start_time = "yesterday"`, `(?s)Invalid Timestamp.*start_time`),
			bad(`kind = "pods"
  last_n = 0`, `(?s)last_n.*at\s+least\s+1`),
			bad(`kind = "all"
  resource_id = "podA"`, `(?s)No Id Filter for This Kind.*resource_id`),
			bad(`kind = "invoices"`, `(?s)kind.*must\s+be\s+one\s+of`),
			{
				Config: `data "runpod_billing" "ok" { kind = "public_endpoints" }`,
				Check: func(*terraform.State) error {
					for _, r := range env.Fake.Requests() {
						if strings.HasPrefix(r.Path, "/v2/billing") && r.Path != "/v2/billing/endpoints" {
							return fmt.Errorf("a refused configuration sent %s %s?%s", r.Method, r.Path, r.RawQuery)
						}
					}
					return nil
				},
			},
		},
	})
}
