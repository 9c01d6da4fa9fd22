#!/usr/bin/env bash
# make demo: the provider against a local fake of the Runpod API, driven by
# the real terraform binary, end to end and offline:
#   plan -> apply -> a change made outside Terraform shows as drift ->
#   an existing template is adopted with an import block -> destroy.
# Run it through `make demo`, which builds bin/terraform, the provider and the
# fake first.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$ROOT/bin}
WORK=$ROOT/examples/demo/.work
API_KEY=demo-api-key

rm -rf "$WORK" && mkdir -p "$WORK"
cp "$ROOT"/examples/demo/*.tf "$WORK"/

step() { printf '\n\033[1;36m==> %s\033[0m\n' "$*"; }

# The fake Runpod API on a free loopback port, seeded with a realistic catalog
# and a template made "in the console" before Terraform arrived.
"$BIN/runpodfake" -listen 127.0.0.1:0 -api-key "$API_KEY" -seed demo -url-file "$WORK/url" >"$WORK/fake.log" 2>&1 &
FAKE_PID=$!
trap 'kill $FAKE_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do [ -s "$WORK/url" ] && break; sleep 0.1; done
[ -s "$WORK/url" ] || { echo "the fake API did not start:" >&2; cat "$WORK/fake.log" >&2; exit 1; }
API_URL=$(cat "$WORK/url")

# Terraform uses the provider just built (dev_overrides: no registry, no init).
cat >"$WORK/terraformrc" <<RC
provider_installation {
  dev_overrides {
    "runpod-tf/runpod" = "$BIN"
  }
  direct {
    exclude = ["*/*/*"]
  }
}
disable_checkpoint = true
RC
export TF_CLI_CONFIG_FILE=$WORK/terraformrc CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1
export RUNPOD_API_URL=$API_URL RUNPOD_API_KEY=$API_KEY
# The credentials of credentials.tf, given only through the environment.
REGISTRY_PASSWORD=demo-registry-token-$RANDOM$RANDOM HF_TOKEN=hf_demo_$RANDOM$RANDOM
export TF_VAR_registry_password=$REGISTRY_PASSWORD TF_VAR_hf_token=$HF_TOKEN
tf() { (cd "$WORK" && "$BIN/terraform" "$@"); }
api() { curl -sS -f -H "Authorization: Bearer $API_KEY" -H 'Content-Type: application/json' "$@"; }

step "Fake Runpod API listening at $API_URL"

step "terraform plan"
tf plan -input=false -out=plan.out

step "terraform apply (the server pod is waited for until its log says it is up)"
tf apply -input=false plan.out | tee "$WORK/apply.log"
if grep -q "Pod Not Ready Yet\|Crash-Looping" "$WORK/apply.log"; then
  echo "the demo server pod did not become ready" >&2; exit 1
fi
echo "ok: server ready at $(tf output -raw server_url), image $(tf output -raw server_image) from the public catalog"
echo "ok: serverless endpoint at $(tf output -raw endpoint_run_url)"

step "No credential in the state or in terraform show -json"
tf show -json >"$WORK/show.json"
for value in "$REGISTRY_PASSWORD" "$HF_TOKEN"; do
  if grep -qF -- "$value" "$WORK/terraform.tfstate" "$WORK/show.json"; then
    echo "a credential is in the state or in terraform show -json" >&2; exit 1
  fi
done
grep -qF demo_hf_token "$WORK/show.json" || { echo "terraform show -json lacks the secret" >&2; exit 1; }
echo "ok: $(tf output -json private_worker_env)"

ID=$(tf output -raw jupyter_template_id)
step "Someone edits template $ID in the console (image and ports changed outside Terraform)"
api -X PATCH "$API_URL/v2/templates/$ID" -d '{"image":"someone/else:latest","ports":["8888/http"]}' >/dev/null

step "terraform plan -detailed-exitcode: the drift shows as an in-place update"
set +e
tf plan -input=false -detailed-exitcode
code=$?
set -e
[ "$code" -eq 2 ] || { echo "expected the plan to report changes (exit 2), got $code" >&2; exit 1; }

step "terraform apply: the template is put back as configured"
tf apply -input=false -auto-approve

step "Adopting the console-made template 'legacy-jupyter' with an import block"
# The fake's demo seed gives the template this fixed id, as the console would
# show it.
LEGACY_ID=legacyjup1
cp "$ROOT/examples/demo/import.tf.txt" "$WORK/import.tf"
tf plan -input=false -var "legacy_template_id=$LEGACY_ID" -out=import.out
tf apply -input=false import.out
tf state show runpod_template.legacy

step "terraform plan: nothing left to change"
tf plan -input=false -detailed-exitcode -var "legacy_template_id=$LEGACY_ID"

step "terraform destroy"
tf destroy -input=false -auto-approve -var "legacy_template_id=$LEGACY_ID"

step "What is left in the account: only what Terraform never managed"
LEFT=$(api "$API_URL/v2/templates")
echo "$LEFT"
case "$LEFT" in
  *demo-*|*legacy-jupyter*) echo "a managed template survived destroy" >&2; exit 1 ;;
  *team-base*) ;;
  *) echo "the unmanaged template team-base was touched" >&2; exit 1 ;;
esac
ENDPOINTS=$(api "$API_URL/v2/serverless")
echo "$ENDPOINTS"
case "$ENDPOINTS" in *demo-*) echo "a managed endpoint survived destroy" >&2; exit 1 ;; esac
VOLUMES=$(api "$API_URL/v2/network-volumes")
echo "$VOLUMES"
case "$VOLUMES" in *demo-*) echo "a managed network volume survived destroy" >&2; exit 1 ;; esac
step "Done: plan, apply, drift, import and destroy all ran against the fake API."
