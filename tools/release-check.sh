#!/usr/bin/env bash
# Asserts that a goreleaser run left in DIST the files the Terraform Registry
# needs for one platform (GOOS/GOARCH, default: this machine's):
#
#   terraform-provider-runpod_<version>_<os>_<arch>.zip  holding the binary
#                                     terraform-provider-runpod_v<version>
#   terraform-provider-runpod_<version>_SHA256SUMS       whose lines match the
#                                     sha256 of the zip and the manifest
#   terraform-provider-runpod_<version>_manifest.json    equal to MANIFEST
#
# goreleaser does not copy the manifest into DIST: release.extra_files uploads
# MANIFEST under that name when it publishes, and checksum.extra_files lists it
# in SHA256SUMS. So the manifest is checked through its SHA256SUMS line (it
# must be MANIFEST's sha256) and, where a run did leave it in DIST, by content.
#
# The version is the one goreleaser wrote to DIST/metadata.json (a snapshot's
# differs from a tag's). `make release-check` runs this after a snapshot
# release; it exits non-zero, naming the file, at the first thing missing or
# wrong.
#
# usage: tools/release-check.sh [DIST [MANIFEST]]
#        (defaults: dist terraform-registry-manifest.json)
set -euo pipefail

dist=${1:-dist}
manifest_source=${2:-terraform-registry-manifest.json}
project=terraform-provider-runpod
os=${GOOS:-$(go env GOOS)}
arch=${GOARCH:-$(go env GOARCH)}

fail() {
	echo "release-check: $*" >&2
	exit 1
}

[[ -f $dist/metadata.json ]] || fail "$dist/metadata.json is missing: did goreleaser run?"
version=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$dist/metadata.json") ||
	fail "$dist/metadata.json has no version"
[[ -n $version ]] || fail "$dist/metadata.json has an empty version"

zip_name=${project}_${version}_${os}_${arch}.zip
sums_name=${project}_${version}_SHA256SUMS
manifest_name=${project}_${version}_manifest.json
binary_name=${project}_v${version}
[[ $os == windows ]] && binary_name+=.exe

for f in "$zip_name" "$sums_name"; do
	[[ -f $dist/$f ]] || fail "$dist/$f is missing"
done

# The zip holds the binary under the name Terraform looks for, at its root,
# and it is not empty.
python3 - "$dist/$zip_name" "$binary_name" <<'EOF' || fail "$dist/$zip_name does not hold a non-empty $binary_name at its root"
import sys, zipfile
path, binary = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(path) as z:
    if z.testzip() is not None:
        sys.exit(1)
    info = {i.filename: i for i in z.infolist()}
    if binary not in info or info[binary].file_size == 0:
        print(f"zip entries: {sorted(info)}", file=sys.stderr)
        sys.exit(1)
EOF

# The checksums cover the zip and the manifest, and every line matches the
# file it names (the manifest's: MANIFEST, which the release uploads).
for f in "$zip_name" "$manifest_name"; do
	grep -Eq "^[0-9a-f]{64}  $f\$" "$dist/$sums_name" || fail "$dist/$sums_name has no line for $f"
done
(cd "$dist" && sha256sum --check --strict --quiet --ignore-missing "$sums_name") ||
	fail "$dist/$sums_name does not match the files it lists"
manifest_sum=$(sha256sum "$manifest_source" | cut -d' ' -f1)
grep -qx "$manifest_sum  $manifest_name" "$dist/$sums_name" ||
	fail "$dist/$sums_name's line for $manifest_name is not the sha256 of $manifest_source"
grep -q "glob: $(basename "$manifest_source")" .goreleaser.yml ||
	fail ".goreleaser.yml does not upload $manifest_source with the release"
if [[ -f $dist/$manifest_name ]]; then
	cmp -s "$manifest_source" "$dist/$manifest_name" ||
		fail "$dist/$manifest_name differs from $manifest_source"
fi

echo "release-check: $dist has $zip_name (holding $binary_name) and $sums_name, whose lines match the zip and $manifest_source as $manifest_name"
