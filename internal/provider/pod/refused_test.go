package pod

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

// The API's capacity refusal reads the same for a stock-out and an unknown
// GPU type; the create error tells them apart by reading the catalog.
func TestCreateRefusedExplainsCapacity(t *testing.T) {
	fake := runpodfake.NewTestServer(t)
	client := runpodtest.Client(t, fake)
	r := &podResource{}
	r.Data = providerdata.NewData(client)
	ctx := context.Background()
	refusal := &runpod.APIError{StatusCode: 400, Title: "Bad Request", Method: "POST", Path: "/v2/pods",
		Detail: "There are no instances currently available for 1x NVIDIA H200 (SECURE cloud, POD)."}
	plan := func(gpuID string) podModel {
		return podModel{
			Cloud:         types.StringValue("SECURE"),
			DataCenterIDs: types.ListNull(types.StringType),
			GPU: types.ObjectValueMust(gpuAttrTypes, map[string]attr.Value{
				"type_id": types.StringValue(gpuID), "type_ids": types.ListNull(types.StringType), "count": types.Int64Value(1),
				"min_cuda_version": types.StringNull(), "allowed_cuda_versions": types.SetNull(types.StringType),
				"min_ram_per_gpu": types.Int64Null(), "min_vcpu_count_per_gpu": types.Int64Null(),
			}),
			CPU: types.ObjectNull(cpuAttrTypes),
		}
	}
	for _, tt := range []struct {
		gpu, summary string
		detail       []string
	}{
		{"NVIDIA H200", "Pod Not Created: GPU Type Out of Stock", []string{"no instances currently available", "no stock for 1 × NVIDIA H200"}},
		{"H200", "Pod Not Created: Unknown GPU Type", []string{`"NVIDIA H200"`}},
		{"NVIDIA GeForce RTX 4090", "Pod Not Created: No Capacity", []string{"still shows stock in EU-RO-1, US-KS-2", "Nothing was created"}},
	} {
		d := r.createRefused(ctx, plan(tt.gpu), runpod.CreatePodRequest{Name: "x"}, refusal)
		if d.Summary() != tt.summary {
			t.Errorf("%s: summary %q, want %q\n%s", tt.gpu, d.Summary(), tt.summary, d.Detail())
		}
		for _, part := range tt.detail {
			if !strings.Contains(d.Detail(), part) {
				t.Errorf("%s: detail lacks %q:\n%s", tt.gpu, part, d.Detail())
			}
		}
	}
	// Any other refusal is reported as the API's error.
	other := &runpod.APIError{StatusCode: 404, Title: "Not Found", Detail: "template not found", Method: "POST", Path: "/v2/pods"}
	if d := r.createRefused(ctx, plan("NVIDIA H200"), runpod.CreatePodRequest{Name: "x"}, other); d.Summary() != "Pod Not Created" || !strings.Contains(d.Detail(), "template not found") {
		t.Errorf("404: %s: %s", d.Summary(), d.Detail())
	}
}
