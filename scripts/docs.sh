#!/usr/bin/env bash
# Builds the documentation of the library products with DocC and fails on any warning: a link
# to a symbol that does not exist (or is not public), a parameter left undocumented beside
# documented ones. The toolchain's own tools, no package plugin: the modules are built (debug),
# their public symbol graphs extracted with `swift symbolgraph-extract`, and each converted with
# `docc convert --analyze`.
#
# usage: scripts/docs.sh [--output DIR]   (DIR: where the .doccarchive folders go; default a
#                                          temporary folder, removed afterwards)
# Environment: SCRATCH (default .build), the SwiftPM scratch path.
set -euo pipefail
cd "$(dirname "$0")/.."

products=(TrellisSolver TrellisText TrellisModel TrellisLayout TrellisJSON)
scratch=${SCRATCH:-.build}
output=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --output) output=${2:?--output needs a folder}; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "Error: unknown argument '$1'. See 'scripts/docs.sh --help'." >&2; exit 64 ;;
  esac
done
command -v docc >/dev/null || { echo "error: docc not found; it ships with the Swift toolchain" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[[ -n $output ]] || output="$work/archives"
mkdir -p "$output"

for product in "${products[@]}"; do swift build --scratch-path "$scratch" --target "$product" >/dev/null; done
modules="$scratch/debug/Modules"
[[ -d $modules ]] || modules=$(dirname "$(find "$scratch" -path '*/debug/Modules/TrellisModel.swiftmodule' | head -1)")
triple=$(swiftc -print-target-info | sed -n 's/.*"triple": "\([^"]*\)".*/\1/p' | head -1)

warnings=0
for product in "${products[@]}"; do
  graphs="$work/graphs/$product"
  mkdir -p "$graphs"
  swift symbolgraph-extract -module-name "$product" -I "$modules" -target "$triple" -output-dir "$graphs" \
    -minimum-access-level public
  log="$work/$product.log"
  docc convert --additional-symbol-graph-dir "$graphs" --output-path "$output/$product.doccarchive" \
    --fallback-display-name "$product" --fallback-bundle-identifier "trellis.$product" \
    --fallback-bundle-version 0 --analyze >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
  count=$(grep -c "warning:" "$log" || true)
  echo "$product: $count warnings"
  if [[ $count -gt 0 ]]; then
    grep -A3 "warning:" "$log" >&2
    warnings=$((warnings + count))
  fi
done
if [[ $warnings -gt 0 ]]; then
  echo "error: DocC reported $warnings warnings in the public documentation (above)" >&2
  exit 1
fi
echo "documentation: no warnings"
