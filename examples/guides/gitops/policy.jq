# policy.jq: fail a plan that adds more compute per hour than a budget.
#
#   terraform show -json plan.tfplan | jq -r -e --argjson max_per_hour 3 -f policy.jq
#
# It reads each pod, cluster and endpoint in .resource_changes and counts
# .change.after.estimated_cost_per_hour: in full for a create or a
# replacement, and for a stopped pod started again; for any other update,
# by how much it rises. It prints each added cost and the total, then true
# (jq exits 0) within the budget or false (jq exits 1) above it. A cost
# that is unknown in the plan stops jq with an error (exit 5).

def billable: .type == "runpod_pod" or .type == "runpod_cluster" or .type == "runpod_endpoint";
def creates: .change.actions | index("create") != null;
def changes: creates or (.change.actions | index("update") != null);
def cost($values): ($values.estimated_cost_per_hour // 0);
def started: .type == "runpod_pod"
  and .change.before.desired_status == "EXITED" and .change.after.desired_status == "RUNNING";
def usd: (. * 100 | round) as $cents
  | "\($cents / 100 | floor).\($cents % 100 | tostring | if length < 2 then "0" + . else . end)";

[ .resource_changes[]
  | select(billable and changes)
  | if .change.after_unknown.estimated_cost_per_hour == true then
      error("\(.address): estimated_cost_per_hour is unknown in the plan")
    elif creates or started then
      {address, per_hour: cost(.change.after)}
    else
      {address, per_hour: ([cost(.change.after) - cost(.change.before), 0] | max)}
    end
  | select(.per_hour > 0)
] as $added
| ($added | map(.per_hour) | add // 0) as $total
| ($added[] | "\(.address): +$\(.per_hour | usd)/h"),
  "added: $\($total | usd)/h, budget: $\($max_per_hour | usd)/h",
  ($total <= $max_per_hour)
