#!/usr/bin/env bash
# Counts the instructions of trellis-bench's timed regions with valgrind's callgrind and prints
# them per operation next to kiwi's counts (from Benchmarks/Workloads/README.md, held in
# Sources/trellis-bench/KiwiReference.swift and printed by `trellis-bench --only`).
#
# Only the region is counted: the binary runs one region (`--only workload/measurement`) and
# callgrind collects only inside the function `measuredRegion` (--toggle-collect), so setup
# (building the solver for a resize, adding the stays for adddel) is left out, as in kiwi's counts.
#
# usage: scripts/callgrind.sh [--mode strict|weighted|both] [--iterations N] [--keep DIR] [--no-build] [REGION ...]
#   REGION         workload/measurement (see `trellis-bench --list-regions`); default: every region
#                  kiwi has a count for.
#   --iterations   operations per region (default: the region's own: 1000 resizes, 10000 resolves, …)
#   --keep DIR     keep callgrind.out.<region>.<mode> files in DIR (for callgrind_annotate)
#   --no-build     use the existing release binary
# Environment: SCRATCH (default .build-bench), the SwiftPM scratch path; BENCH_DIR, passed to
#   trellis-bench as --bench-dir when set.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${SCRATCH:-.build-bench}
modes=(strict weighted)
iterations=""
keep=""
build=1
regions=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --mode)
      case "${2:-}" in
        both) modes=(strict weighted) ;;
        strict|weighted) modes=("$2") ;;
        *) echo "Error: --mode takes strict, weighted or both" >&2; exit 64 ;;
      esac
      shift 2 ;;
    --iterations) iterations=${2:?--iterations needs a number}; shift 2 ;;
    --keep) keep=${2:?--keep needs a folder}; shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "Error: unknown option '$1'. See 'scripts/callgrind.sh --help'." >&2; exit 64 ;;
    *) regions+=("$1"); shift ;;
  esac
done
if [[ ${#regions[@]} -eq 0 ]]; then
  regions=(enaml-like/build enaml-like/resize enaml-like/forced_pivot_resize
           adddel-900/add adddel-900/resolve adddel-900/remove
           adddel-300/add adddel-300/resolve adddel-300/remove)
fi
command -v valgrind >/dev/null || { echo "Error: valgrind is not installed." >&2; exit 1; }

if [[ $build -eq 1 ]]; then
  swift build -c release --scratch-path "$scratch" --product trellis-bench >&2
fi
binary="$scratch/release/trellis-bench"
[[ -x $binary ]] || { echo "Error: $binary not found; build it or drop --no-build." >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[[ -n $keep ]] && mkdir -p "$keep"

printf '%-32s %-8s %10s  %-28s %16s %16s %7s\n' region mode iterations operation "instr/op" "kiwi instr/op" ratio
status=0
for region in "${regions[@]}"; do
  for mode in "${modes[@]}"; do
    out="$work/callgrind.out"
    args=(--only "$region" --mode "$mode")
    [[ -n ${BENCH_DIR:-} ]] && args+=(--bench-dir "$BENCH_DIR")
    [[ -n $iterations ]] && args+=(--iterations "$iterations")
    if ! valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no \
        --toggle-collect='*measuredRegion*' "$binary" "${args[@]}" >"$work/info" 2>"$work/log"; then
      echo "Error: $region ($mode) failed:" >&2
      grep -v '^==' "$work/log" >&2 || true
      status=1
      continue
    fi
    total=$(awk '/^(summary|totals):/ {print $2; exit}' "$out")
    count=$(awk -F': ' '/^iterations:/ {print $2}' "$work/info")
    operation=$(awk -F': ' '/^operation:/ {print $2}' "$work/info")
    kiwi=$(awk -F': ' '/^kiwi_instructions_per_operation:/ {print $2}' "$work/info")
    awk -v region="$region" -v mode="$mode" -v n="$count" -v op="$operation" -v total="$total" -v kiwi="$kiwi" 'BEGIN {
      per = total / n
      if (kiwi == "") { k = "—"; r = "—" } else { k = sprintf("%.0f", kiwi); r = sprintf("%.2fx", per / kiwi) }
      printf "%-32s %-8s %10d  %-28s %16.0f %16s %7s\n", region, mode, n, op, per, k, r
    }'
    if [[ -n $keep ]]; then
      cp "$out" "$keep/callgrind.out.${region//\//.}.$mode"
    fi
  done
done
echo "instr/op = callgrind Ir inside measuredRegion / iterations; kiwi: Benchmarks/Workloads/README.md"
exit $status
