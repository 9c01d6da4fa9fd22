#!/usr/bin/env bash
# The release gate: installs the snapshot archive goreleaser left in DIST for
# this machine the way a user's `init` installs a release (a filesystem mirror
# in the packed layout: the zip itself, unpacked and checksummed by init), then
# runs init, validate, providers schema -json and one plan against the fake
# API, with each CLI given. It fails, naming the step and the CLI, at the first
# thing that does not work.
#
# usage: tools/release-install-check.sh DIST FAKE CLI...
#        (make release-check: dist bin/runpodfake bin/terraform bin/tofu)
set -euo pipefail

dist=$1 fake=$2
shift 2
project=terraform-provider-runpod
os=$(go env GOOS) arch=$(go env GOARCH)

fail() {
	echo "release-install-check: $*" >&2
	exit 1
}

version=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$dist/metadata.json") ||
	fail "$dist/metadata.json has no version"
zip=$dist/${project}_${version}_${os}_${arch}.zip
[[ -f $zip ]] || fail "$zip is missing"

work=$(mktemp -d)
fake_pid=
cleanup() {
	[[ -n $fake_pid ]] && kill "$fake_pid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT

# The fake API, empty but for its catalog.
"$fake" -listen 127.0.0.1:0 -api-key release-check -seed none -url-file "$work/url" >"$work/fake.log" 2>&1 &
fake_pid=$!
for _ in $(seq 1 100); do [[ -s $work/url ]] && break; sleep 0.1; done
[[ -s $work/url ]] || fail "the fake API did not start: $(cat "$work/fake.log")"
export RUNPOD_API_URL=$(cat "$work/url") RUNPOD_API_KEY=release-check CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1

for cli in "$@"; do
	name=$(basename "$cli")
	host=registry.terraform.io
	[[ $name == tofu* ]] && host=registry.opentofu.org
	dir=$work/$name
	mkdir -p "$dir/mirror/$host/runpod-tf/runpod" "$dir/config"
	cp "$zip" "$dir/mirror/$host/runpod-tf/runpod/"
	cat >"$dir/cli.tfrc" <<RC
provider_installation {
  filesystem_mirror {
    path    = "$dir/mirror"
    include = ["runpod-tf/runpod"]
  }
  direct {
    exclude = ["*/*/*"]
  }
}
RC
	# A snapshot's version is a pre-release, which init selects only when
	# the configuration asks for it exactly.
	cat >"$dir/config/main.tf" <<TF
terraform {
  required_providers {
    runpod = {
      source  = "runpod-tf/runpod"
      version = "$version"
    }
  }
}

provider "runpod" {}

resource "runpod_template" "release_check" {
  name              = "release-check"
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  container_disk_gb = 20
}
TF
	run() {
		local step=$1
		shift
		(cd "$dir/config" && TF_CLI_CONFIG_FILE=$dir/cli.tfrc "$cli" "$@" -no-color >"$dir/$step.out" 2>&1) ||
			fail "$name $step failed:"$'\n'"$(cat "$dir/$step.out")"
	}
	run init init -input=false
	grep -q "Installed runpod-tf/runpod v$version" "$dir/init.out" ||
		fail "$name init did not install runpod-tf/runpod v$version from the archive:"$'\n'"$(cat "$dir/init.out")"
	run validate validate
	(cd "$dir/config" && TF_CLI_CONFIG_FILE=$dir/cli.tfrc "$cli" providers schema -json >"$dir/schema.json" 2>"$dir/schema.err") ||
		fail "$name providers schema -json failed: $(cat "$dir/schema.err")"
	python3 - "$dir/schema.json" "$host" <<'PY' || fail "$name providers schema -json lacks the provider's resources"
import json, sys
schema = json.load(open(sys.argv[1]))["provider_schemas"][sys.argv[2] + "/runpod-tf/runpod"]
for kind in ("runpod_pod", "runpod_template", "runpod_network_volume", "runpod_endpoint", "runpod_cluster"):
    assert kind in schema["resource_schemas"], kind
PY
	run plan plan -input=false
	grep -q "Plan: 1 to add, 0 to change, 0 to destroy." "$dir/plan.out" ||
		fail "$name plan against the fake did not plan the template:"$'\n'"$(cat "$dir/plan.out")"
	echo "release-install-check: $name installed $project $version from the archive; init, validate, providers schema -json and plan passed"
done
