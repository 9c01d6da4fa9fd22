package ecrdelegation

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// repositoryARN is an ECR repository ARN as AWS writes it:
// arn:PARTITION:ecr:REGION:ACCOUNT:repository/NAME, where NAME follows
// ECR's repository-name rule (lowercase letters and digits, separated by
// single '.', '_' or '-', in path components joined by '/'; 2 to 256
// characters). Runpod's spec gives only an example ARN, no pattern, so this
// is AWS's own format.
var repositoryARN = regexp.MustCompile(`^arn:(aws|aws-cn|aws-us-gov):ecr:([a-z]{2}(?:-[a-z]+)+-[0-9]+):([0-9]{12}):repository/` +
	`((?:[a-z0-9]+(?:[._-][a-z0-9]+)*/)*[a-z0-9]+(?:[._-][a-z0-9]+)*)$`)

// arnParts is an ECR repository ARN taken apart.
type arnParts struct {
	Partition, Region, Account, Repository string
}

// String writes the ARN back.
func (p arnParts) String() string {
	return fmt.Sprintf("arn:%s:ecr:%s:%s:repository/%s", p.Partition, p.Region, p.Account, p.Repository)
}

// parseARN takes an ECR repository ARN apart; ok is false when s is not one.
func parseARN(s string) (arnParts, bool) {
	m := repositoryARN.FindStringSubmatch(s)
	if m == nil || len(m[4]) < 2 || len(m[4]) > 256 {
		return arnParts{}, false
	}
	return arnParts{Partition: m[1], Region: m[2], Account: m[3], Repository: m[4]}, true
}

// partitionOf is the AWS partition of a region: China and GovCloud regions
// have their own.
func partitionOf(region string) string {
	switch {
	case strings.HasPrefix(region, "cn-"):
		return "aws-cn"
	case strings.HasPrefix(region, "us-gov-"):
		return "aws-us-gov"
	}
	return "aws"
}

const arnExample = "arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment"

// arnProblem says what is wrong with a `resource` value, or "" if nothing.
func arnProblem(s string) string {
	const rule = "The resource must be the ARN of one Amazon ECR repository, " +
		"arn:aws:ecr:REGION:ACCOUNT_ID:repository/REPOSITORY_NAME, for example " + arnExample +
		" (aws-cn and aws-us-gov partitions too). ACCOUNT_ID is the 12-digit AWS account id and REPOSITORY_NAME " +
		"the repository's name, lowercase, with / between its path components, as the ECR console shows it under " +
		"\"URI\" after the host. An image URI, a registry host, a tag or a digest is not an ARN."
	switch {
	case s == "":
		return "The resource is empty. " + rule
	case strings.Contains(s, ".dkr.ecr."):
		return fmt.Sprintf("%q is an image or registry URI, not an ARN. %s", s, rule)
	}
	if _, ok := parseARN(s); !ok {
		return fmt.Sprintf("%q is not an ECR repository ARN. %s", s, rule)
	}
	return ""
}

// validARN checks `resource` at plan time, so an ARN Runpod would refuse
// never reaches it. The error is on the attribute and names the expected
// form.
type validARN struct{}

func (validARN) Description(context.Context) string {
	return "must be an Amazon ECR repository ARN, arn:aws:ecr:REGION:ACCOUNT_ID:repository/REPOSITORY_NAME"
}

func (v validARN) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (validARN) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if problem := arnProblem(req.ConfigValue.ValueString()); problem != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid ECR Repository ARN", problem)
	}
}
