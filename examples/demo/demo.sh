#!/usr/bin/env bash
# make demo: the provider against a local fake of the Runpod API, driven by
# the real terraform binary, end to end and offline:
#   plan -> apply -> a change made outside Terraform shows as drift ->
#   an existing template is adopted with an import block -> destroy.
# Run it through `make demo`, which builds the provider and the fake first.
#
# The CLI: a `terraform` (or else a `tofu`) on PATH whose version has what
# the demo uses (ephemeral variables and write-only arguments: Terraform
# 1.11+, OpenTofu 1.11+); only when none fits is bin/terraform built from
# source (`make bin/terraform`, many minutes the first time). DEMO_CLI=path
# picks one.
# The provider is installed the way a release is: from a filesystem mirror,
# through `terraform init`, so no development-override warning is printed.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$ROOT/bin}
WORK=$ROOT/examples/demo/.work
API_KEY=demo-api-key
MIN_MINOR=11

rm -rf "$WORK" && mkdir -p "$WORK"
cp "$ROOT"/examples/demo/*.tf "$WORK"/

step() { printf '\n\033[1;36m==> %s\033[0m\n' "$*"; }

# cli_minor prints the 1.x minor version of the terraform or tofu at $1
# ("" when it is not 1.x or does not run).
cli_minor() {
  "$1" version -json 2>/dev/null | sed -n 's/.*"terraform_version": *"1\.\([0-9]*\)\..*/\1/p' | head -n 1
}

pick_cli() {
  if [ -n "${DEMO_CLI:-}" ]; then
    echo "$DEMO_CLI"; return
  fi
  local name path minor
  for name in terraform tofu; do
    path=$(command -v "$name" || true)
    [ -n "$path" ] || continue
    minor=$(cli_minor "$path")
    if [ -n "$minor" ] && [ "$minor" -ge "$MIN_MINOR" ]; then
      echo "$path"; return
    fi
    echo "not using $path: version 1.${minor:-?} is older than 1.$MIN_MINOR, which the demo needs" >&2
  done
  echo ""
}

CLI=$(pick_cli)
if [ -z "$CLI" ]; then
  if [ -x "$BIN/terraform" ]; then
    step "No terraform or tofu 1.$MIN_MINOR+ on PATH: using bin/terraform, built from source earlier"
  else
    step "No terraform or tofu 1.$MIN_MINOR+ on PATH: building bin/terraform from source (many minutes, once)"
    make -C "$ROOT" --no-print-directory bin/terraform
  fi
  CLI=$BIN/terraform
fi
CLI_NAME=$(basename "$CLI")
CLI_VERSION=$("$CLI" version -json 2>/dev/null | sed -n 's/.*"terraform_version": *"\([^"]*\)".*/\1/p' | head -n 1)
step "Using $CLI (version ${CLI_VERSION:-unknown})"

# The provider as a user gets it from a release: a binary in a filesystem
# mirror (unpacked layout), installed and locked by `init`. OpenTofu looks
# the source up under its own registry host.
# A release version (Terraform skips pre-releases and 0.0.0 unless pinned).
VERSION=0.1.0
PLATFORM=$(go env GOOS)_$(go env GOARCH)
case "$CLI_NAME" in
  tofu*) HOST=registry.opentofu.org ;;
  *) HOST=registry.terraform.io ;;
esac
MIRROR=$WORK/mirror
mkdir -p "$MIRROR/$HOST/runpod-tf/runpod/$VERSION/$PLATFORM"
cp "$BIN/terraform-provider-runpod" "$MIRROR/$HOST/runpod-tf/runpod/$VERSION/$PLATFORM/terraform-provider-runpod_v$VERSION"
cat >"$WORK/terraformrc" <<RC
provider_installation {
  filesystem_mirror {
    path    = "$MIRROR"
    include = ["runpod-tf/runpod"]
  }
  direct {
    exclude = ["*/*/*"]
  }
}
disable_checkpoint = true
RC

# The fake Runpod API on a free loopback port, seeded with a realistic catalog
# and a template made "in the console" before Terraform arrived.
"$BIN/runpodfake" -listen 127.0.0.1:0 -api-key "$API_KEY" -seed demo -url-file "$WORK/url" >"$WORK/fake.log" 2>&1 &
FAKE_PID=$!
trap 'kill $FAKE_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do [ -s "$WORK/url" ] && break; sleep 0.1; done
[ -s "$WORK/url" ] || { echo "the fake API did not start:" >&2; cat "$WORK/fake.log" >&2; exit 1; }
API_URL=$(cat "$WORK/url")

export TF_CLI_CONFIG_FILE=$WORK/terraformrc CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1
export RUNPOD_API_URL=$API_URL RUNPOD_API_KEY=$API_KEY
# The credentials of credentials.tf, given only through the environment.
REGISTRY_PASSWORD=demo-registry-token-$RANDOM$RANDOM HF_TOKEN=hf_demo_$RANDOM$RANDOM
export TF_VAR_registry_password=$REGISTRY_PASSWORD TF_VAR_hf_token=$HF_TOKEN
tf() { (cd "$WORK" && "$CLI" "$@"); }
api() { curl -sS -f -H "Authorization: Bearer $API_KEY" -H 'Content-Type: application/json' "$@"; }
# names prints the "name" fields of a JSON list answer, one per line.
names() { grep -o '"name": *"[^"]*"' | sed 's/"name": *"\(.*\)"/  \1/' | sort -u; }

step "$CLI_NAME init: the provider is installed from the local mirror, as from a release"
tf init -input=false -no-color >"$WORK/init.log" 2>&1 || { cat "$WORK/init.log" >&2; exit 1; }
grep -E 'Installing|Installed|initialized' "$WORK/init.log"
step "Fake Runpod API listening at $API_URL"

step "$CLI_NAME plan"
tf plan -input=false -out=plan.out

step "$CLI_NAME apply (the server pod is waited for until its log says it is up)"
tf apply -input=false plan.out | tee "$WORK/apply.log"
if grep -q "Pod Not Ready Yet\|Crash-Looping" "$WORK/apply.log"; then
  echo "the demo server pod did not become ready" >&2; exit 1
fi
echo "ok: server ready at $(tf output -raw server_url), image $(tf output -raw server_image) from the public catalog"
echo "ok: serverless endpoint at $(tf output -raw endpoint_run_url)"

step "No credential in the state or in show -json"
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

step "$CLI_NAME plan -detailed-exitcode: the drift shows as an in-place update"
set +e
tf plan -input=false -detailed-exitcode
code=$?
set -e
[ "$code" -eq 2 ] || { echo "expected the plan to report changes (exit 2), got $code" >&2; exit 1; }

step "$CLI_NAME apply: the template is put back as configured"
tf apply -input=false -auto-approve

step "Adopting the console-made template 'legacy-jupyter' with an import block"
# The fake's demo seed gives the template this fixed id, as the console would
# show it.
LEGACY_ID=legacyjup1
cp "$ROOT/examples/demo/import.tf.txt" "$WORK/import.tf"
tf plan -input=false -var "legacy_template_id=$LEGACY_ID" -out=import.out
tf apply -input=false import.out
tf state show runpod_template.legacy

step "$CLI_NAME plan: nothing left to change"
tf plan -input=false -detailed-exitcode -var "legacy_template_id=$LEGACY_ID"

step "$CLI_NAME destroy"
tf destroy -input=false -auto-approve -var "legacy_template_id=$LEGACY_ID"

step "What is left in the account: only what Terraform never managed"
LEFT=$(api "$API_URL/v2/templates")
case "$LEFT" in
  *demo-*|*legacy-jupyter*) echo "a managed template survived destroy" >&2; exit 1 ;;
  *team-base*) ;;
  *) echo "the unmanaged template team-base was touched" >&2; exit 1 ;;
esac
echo "templates made in the console, untouched:"
printf '%s' "$LEFT" | names
case "$(api "$API_URL/v2/serverless")" in *demo-*) echo "a managed endpoint survived destroy" >&2; exit 1 ;; esac
case "$(api "$API_URL/v2/network-volumes")" in *demo-*) echo "a managed network volume survived destroy" >&2; exit 1 ;; esac
case "$(api "$API_URL/v2/pods")" in *demo-*) echo "a managed pod survived destroy" >&2; exit 1 ;; esac
echo "no pod, endpoint, network volume or template of the demo is left"
step "Done: init, plan, apply, drift, import and destroy ran with $CLI_NAME against the fake API."
