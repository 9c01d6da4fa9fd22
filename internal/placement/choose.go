package placement

import (
	"context"
	"fmt"
	"strings"
)

// Choice is the decision on a GPU preference list: Runpod places exactly
// the type it is asked for and never falls back to another (the API
// reference's placement rules), so pods (gpu.type_ids) and clusters (gpu_type_ids) choose
// at plan time, in list order, the first type that can be placed.
type Choice struct {
	// TypeID is the chosen type, "" when none can be placed; Result is its
	// check.
	TypeID string
	Result *Result
	// Skipped are the types checked before the chosen one (every type when
	// none was chosen), in list order, with the check that refused each.
	Skipped []Skip
}

// Skip is a listed type that cannot be placed, and why.
type Skip struct {
	TypeID string
	Result *Result
}

// OK reports whether a type was chosen.
func (c *Choice) OK() bool { return c.TypeID != "" }

// SkippedLines lists the skipped types for a message, one per line:
// "  - NVIDIA A100 80GB PCIe: GPU Type Out of Stock".
func (c *Choice) SkippedLines() string {
	lines := make([]string, 0, len(c.Skipped))
	for _, s := range c.Skipped {
		lines = append(lines, fmt.Sprintf("  - %s: %s", s.TypeID, s.Result.Summary))
	}
	return strings.Join(lines, "\n")
}

// ChooseGPU checks req with each of typeIDs as its GPU type, in order, and
// chooses the first that can be placed (CheckGPU). The catalog reads are
// shared by every type of the list (one availability read per product,
// cloud and GPU count). The error is a failed catalog read.
func ChooseGPU(ctx context.Context, cat CatalogReader, req GPURequest, typeIDs []string) (*Choice, error) {
	c := &Choice{}
	for _, id := range typeIDs {
		req.GPUTypeID = id
		res, err := CheckGPU(ctx, cat, req)
		if err != nil {
			return nil, err
		}
		if res.OK() {
			c.TypeID, c.Result = id, res
			return c, nil
		}
		c.Skipped = append(c.Skipped, Skip{TypeID: id, Result: res})
	}
	return c, nil
}
