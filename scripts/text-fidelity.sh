#!/usr/bin/env bash
# Prints how far each text measurer is from the label and button sizes Interface Builder stored
# in public storyboards (Tests/Fixtures/text-sizes/stored-label-sizes.json): the fixed metric,
# and every candidate font family found in FONTDIR (DejaVu Sans, Inter, Roboto, Liberation Sans,
# Noto Sans, Open Sans), each also with SF Pro's size-specific tracking. See docs/text-fidelity.md.
#
# Usage: scripts/text-fidelity.sh FONTDIR [--detail]
#   FONTDIR   a folder of .ttf/.otf files, searched recursively (e.g. fonts unpacked with
#             `apt-get download fonts-inter fonts-roboto-unhinted ...` and `dpkg -x`)
#   --detail  also print every sample's width and height error per measurer
# TRELLIS_FIDELITY_SAMPLES=FILE compares on another samples file of the same form (a hold-out set).
# Builds in $TRELLIS_SCRATCH (default .build) and runs the opt-in test StoredSizeComparison.
set -euo pipefail
if [[ $# -lt 1 || ! -d "$1" ]]; then
  echo "usage: $0 FONTDIR [--detail]" >&2
  exit 64
fi
cd "$(dirname "$0")/.."
export TRELLIS_FIDELITY_FONTS="$(cd "$1" && pwd)"
if [[ "${2:-}" == "--detail" ]]; then export TRELLIS_FIDELITY_DETAIL=1; fi
output=$(swift test --scratch-path "${TRELLIS_SCRATCH:-.build}" --filter StoredSizeComparison 2>&1) || {
  echo "$output" >&2
  exit 1
}
# The table (and the details) are what the test prints; XCTest's own lines are dropped.
echo "$output" | grep -E '^(stored sizes:|\||  )'
