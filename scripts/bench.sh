#!/usr/bin/env bash
# Builds trellis-bench in release and runs the full benchmark: golden checks in both solver modes,
# then the timings, printed as a table with ratios to kiwi (Benchmarks/Workloads/README.md).
#
# usage: scripts/bench.sh [trellis-bench options…]   e.g. --quick, --json, --workload enaml-like
# Environment: SCRATCH (default .build-bench), the SwiftPM scratch path.
# Exit status: trellis-bench's (1 if a golden check mismatched).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build-bench}
swift build -c release --scratch-path "$scratch" --product trellis-bench >&2
exec "$scratch/release/trellis-bench" "$@"
