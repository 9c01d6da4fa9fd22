package catalog_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A typo in a data-center filter is an error naming the attribute and the
// closest real ids, not an empty result that reads like a stock-out.
// Each catalog data source that takes ids is covered.
func TestAccCatalog_unknownIDsInFilters(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `
data "runpod_gpu_type" "g" {
  id              = "NVIDIA GeForce RTX 4090"
  product         = "POD"
  data_center_ids = ["US-KS2"]
}`,
				ExpectError: regexp.MustCompile(`(?s)Unknown Data Center.*data_center_ids.*no\s+data\s+center\s+"US-KS2".*` +
					`Closest\s+valid\s+ids:\s+"US-KS-2".*Valid\s+ids:\s+"AP-JP-1",\s+"CA-MTL-1"`),
			},
			{
				// Every unknown id is named, and a valid one beside them is not.
				Config: `
data "runpod_gpu_types" "g" {
  product         = "POD"
  data_center_ids = ["eu-ro-1", "EU-RO-1", "XX-NOPE-9"]
}`,
				// (Ids are checked in sorted order: upper case first.)
				ExpectError: regexp.MustCompile(`(?s)data_center_ids.*no\s+data\s+center\s+"XX-NOPE-9".*` +
					`no\s+data\s+center\s+"eu-ro-1".\s+Closest\s+valid\s+ids:\s+"EU-RO-1"\.`),
			},
			{
				Config: `
data "runpod_gpu_type" "g" {
  id      = "NVIDIA RTX 4090"
  product = "POD"
}`,
				ExpectError: regexp.MustCompile(`(?s)Unknown GPU Type.*no\s+GPU\s+type\s+"NVIDIA\s+RTX\s+4090".*` +
					`Closest\s+valid\s+ids:\s+"NVIDIA\s+GeForce\s+RTX\s+4090"`),
			},
			{
				Config:      `data "runpod_data_center" "d" { id = "EU-RO1" }`,
				ExpectError: regexp.MustCompile(`(?s)Unknown Data Center.*no\s+data\s+center\s+"EU-RO1".*Closest\s+valid\s+ids:\s+"EU-RO-1"`),
			},
			{
				// Volume types are an enumeration, refused at validate time
				// with the allowed values.
				Config:      `data "runpod_data_centers" "d" { network_volume_types = ["STANDART"] }`,
				ExpectError: regexp.MustCompile(`(?s)network_volume_types.*value must be one of:.*"STANDARD".*"HIGH_PERFORMANCE"`),
			},
			{
				// runpod_cpu_types takes no ids; its product is checked the same way.
				Config:      `data "runpod_cpu_types" "c" { product = "PODS" }`,
				ExpectError: regexp.MustCompile(`(?s)product.*value must be one of:.*"POD".*"SERVERLESS"`),
			},
			{
				// Real ids still work, including one with no stock.
				Config: `
data "runpod_gpu_types" "g" {
  product         = "POD"
  data_center_ids = ["EU-SE-1"]
}`,
			},
		},
	})
}
