#!/usr/bin/env bash
# Builds and runs Trellis's libFuzzer harnesses (docs/fuzzing.md).
#
#   scripts/fuzz.sh [--ci] [--seconds N] [--timeout N] [--seed N] [--build-only] [harness…]
#
# Harnesses: solver json constraint-text vfl layout font import (default: all, in that order).
#   --seconds N   fuzz each harness for N seconds (default 60)
#   --ci          a short run: about 60 seconds in total, shared by the harnesses, from the
#                 seeds alone, seed 1
#   --timeout N   seconds one input may take before it counts as a hang (default 10)
#   --seed N      libFuzzer's random seed (default: a new one each run; 1 with --ci)
#   --build-only  build the harnesses and stop
#
# Everything is written under .build-fuzz/ (gitignored): binaries, a working corpus per
# harness (seeded from Fuzz/corpus/<harness>/ each run; the checked-in seeds are never
# modified), and per run a directory with the log and any reproducer. Exits 1 when a harness
# finds a crash, hang, leak or out-of-memory input, printing the reproducer's path.
# The whole script is one compound command, read before it runs: editing this file while a
# long fuzzing run is under way cannot change what that run does.
{
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SCRATCH="$ROOT/.build-fuzz"
ALL=(solver json constraint-text vfl layout font import)

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "fuzz.sh: $*" >&2; exit 2; }

seconds=""
seed=""
timeout=10
ci=0
build_only=0
selected=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ci) ci=1 ;;
    --seconds) [ $# -ge 2 ] || die "--seconds needs a number"; seconds=$2; shift ;;
    --seconds=*) seconds=${1#--seconds=} ;;
    --timeout) [ $# -ge 2 ] || die "--timeout needs a number"; timeout=$2; shift ;;
    --timeout=*) timeout=${1#--timeout=} ;;
    --seed) [ $# -ge 2 ] || die "--seed needs a number"; seed=$2; shift ;;
    --seed=*) seed=${1#--seed=} ;;
    --build-only) build_only=1 ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *)
      known=0
      for h in "${ALL[@]}"; do [ "$h" = "$1" ] && known=1; done
      [ $known = 1 ] || die "unknown harness '$1'; the harnesses are: ${ALL[*]}"
      selected+=("$1") ;;
  esac
  shift
done
[ ${#selected[@]} -gt 0 ] || selected=("${ALL[@]}")
for n in "$timeout" ${seconds:+"$seconds"} ${seed:+"$seed"}; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "'$n' is not a positive whole number"
done
# CI runs start from the same seed, so a red run is more likely to be the change's doing.
[ $ci = 1 ] && [ -z "$seed" ] && seed=1
if [ -z "$seconds" ]; then
  if [ $ci = 1 ]; then
    seconds=$(( 60 / ${#selected[@]} ))
    [ "$seconds" -ge 5 ] || seconds=5
  else
    seconds=60
  fi
fi

# Per harness: the harness file, the module it is compiled into, the largest input, a dictionary.
harness_file() {
  case "$1" in
    solver) echo Fuzz/FuzzSolver.swift ;;
    json) echo Fuzz/FuzzJSON.swift ;;
    constraint-text) echo Fuzz/FuzzConstraintText.swift ;;
    vfl) echo Fuzz/FuzzVisualFormat.swift ;;
    layout) echo Fuzz/FuzzLayout.swift ;;
    font) echo Fuzz/FuzzFont.swift ;;
    import) echo Fuzz/FuzzImport.swift ;;
  esac
}
max_len() {
  case "$1" in
    solver) echo 2048 ;;
    json) echo 8192 ;;
    constraint-text|vfl) echo 256 ;;
    layout) echo 16384 ;;
    font) echo 4096 ;;
    import) echo 16384 ;;
  esac
}
dictionary() {
  case "$1" in
    json|layout) echo Fuzz/dict/layout.dict ;;
    constraint-text) echo Fuzz/dict/constraint-text.dict ;;
    vfl) echo Fuzz/dict/vfl.dict ;;
    font) echo Fuzz/dict/font.dict ;;
    import) echo Fuzz/dict/ib.dict ;;
    *) echo "" ;;
  esac
}

# --- Toolchain check -----------------------------------------------------------------------
command -v swiftc >/dev/null 2>&1 || die "swiftc is not on PATH; install a Swift toolchain (swift.org) first"
command -v sha256sum >/dev/null 2>&1 || die "sha256sum is needed (coreutils)"
mkdir -p "$SCRATCH/probe" "$SCRATCH/bin" "$SCRATCH/modules" "$SCRATCH/obj" "$SCRATCH/corpus" "$SCRATCH/runs"
LINKER=()
probe="$SCRATCH/probe/probe.swift"
printf '@_cdecl("LLVMFuzzerTestOneInput")\npublic func probe(_ d: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' >"$probe"
if swiftc -sanitize=fuzzer,address -parse-as-library -use-ld=lld "$probe" -o "$SCRATCH/probe/probe" >"$SCRATCH/probe/log" 2>&1; then
  LINKER=(-use-ld=lld)  # lld links quietly; gold warns about every sanitizer symbol
elif ! swiftc -sanitize=fuzzer,address -parse-as-library "$probe" -o "$SCRATCH/probe/probe" >"$SCRATCH/probe/log" 2>&1; then
  cat "$SCRATCH/probe/log" >&2
  die "$(command -v swiftc) cannot build libFuzzer harnesses (swiftc -sanitize=fuzzer,address failed, output above).
This needs a Swift toolchain for Linux that ships libFuzzer and AddressSanitizer (the swift.org
toolchains do; Xcode's swiftc does not support -sanitize=fuzzer)."
fi

# One package name for every module, as SwiftPM gives them, so `package` access works across them.
FLAGS=(-sanitize=fuzzer,address -parse-as-library -O -package-name Trellis "${LINKER[@]}")
VERSION=$(swiftc --version 2>&1)

# Rebuilds `output` only when the compiler, the flags or an input file changed.
stamp_of() { { echo "$VERSION ${FLAGS[*]}"; cat "$@"; } | sha256sum | cut -d' ' -f1; }
up_to_date() { [ -f "$1" ] && [ -f "$1.stamp" ] && [ "$(cat "$1.stamp")" = "$2" ]; }

solver_sources=$(find Sources/TrellisSolver -name '*.swift' | LC_ALL=C sort)
solver_script=Tests/TrellisSolverTests/Replay/SolverScript.swift
layout_sources=$(find Sources/TrellisLayout -name '*.swift' | LC_ALL=C sort)
text_sources=$(find Sources/TrellisText -name '*.swift' | LC_ALL=C sort)
support_sources=$(find Fuzz/Support -name '*.swift' | LC_ALL=C sort)
package_support_sources=$(find Sources/TrellisSupport -name '*.swift' | LC_ALL=C sort)
import_sources=$(find Sources/TrellisImport -name '*.swift' | LC_ALL=C sort)

# build_module NAME "SOURCES" ["DEPENDENCIES' SOURCES"]: the module NAME compiled once from
# SOURCES into an instrumented object and a module the harnesses import (with the modules built
# before it), again only when its sources or its dependencies' change.
build_module() {
  local name=$1 sources=$2 dependencies=${3:-} out="$SCRATCH/obj/$1.o" stamp
  # shellcheck disable=SC2086
  stamp=$(stamp_of $sources $dependencies)
  up_to_date "$out" "$stamp" && return 0
  echo "== building the $name module (instrumented)"
  # shellcheck disable=SC2086
  swiftc "${FLAGS[@]}" -wmo -module-name "$name" -I "$SCRATCH/modules" -emit-module \
    -emit-module-path "$SCRATCH/modules/$name.swiftmodule" -c $sources -o "$out"
  echo "$stamp" >"$out.stamp"
}

# TrellisLayout imports TrellisSolver, TrellisSupport (package-access helpers) and TrellisText
# (it measures text); the import harness joins TrellisImport, which imports TrellisLayout.
build_solver_module() { build_module TrellisSolver "$solver_sources"; }
build_support_module() { build_module TrellisSupport "$package_support_sources"; }
build_text_module() { build_module TrellisText "$text_sources"; }
build_layout_module() {
  build_module TrellisLayout "$layout_sources" "$solver_sources $package_support_sources $text_sources"
}

build() {
  local name=$1 file out stamp
  file=$(harness_file "$name")
  out="$SCRATCH/bin/fuzz-$name"
  if [ "$name" = solver ]; then
    # The solver harness is compiled with the solver's sources as one module, with the
    # operation script the tests that replay its findings share.
    # shellcheck disable=SC2086
    stamp=$(stamp_of $solver_sources "$solver_script" "$file")
    up_to_date "$out" "$stamp" && return 0
    echo "== building fuzz-$name"
    # shellcheck disable=SC2086
    swiftc "${FLAGS[@]}" -D FUZZ_HARNESS -module-name TrellisSolver $solver_sources "$solver_script" "$file" -o "$out"
  elif [ "$name" = font ]; then
    # The font harness is compiled with the TrellisText sources as one module (no other module).
    # shellcheck disable=SC2086
    stamp=$(stamp_of $text_sources "$file")
    up_to_date "$out" "$stamp" && return 0
    echo "== building fuzz-$name"
    # shellcheck disable=SC2086
    swiftc "${FLAGS[@]}" -module-name TrellisText $text_sources "$file" -o "$out"
  elif [ "$name" = import ]; then
    build_solver_module
    build_support_module
    build_text_module
    build_layout_module
    # shellcheck disable=SC2086
    stamp=$(stamp_of $solver_sources $package_support_sources $text_sources $layout_sources $import_sources "$file")
    up_to_date "$out" "$stamp" && return 0
    echo "== building fuzz-$name"
    # The harness joins the TrellisImport module, so it can reach the importer's internals.
    # shellcheck disable=SC2086
    swiftc "${FLAGS[@]}" -module-name TrellisImport -I "$SCRATCH/modules" $import_sources "$file" \
      "$SCRATCH/obj/TrellisSolver.o" "$SCRATCH/obj/TrellisSupport.o" "$SCRATCH/obj/TrellisText.o" \
      "$SCRATCH/obj/TrellisLayout.o" -o "$out"
  else
    build_solver_module
    build_support_module
    build_text_module
    # shellcheck disable=SC2086
    stamp=$(stamp_of $solver_sources $package_support_sources $text_sources $layout_sources $support_sources "$file")
    up_to_date "$out" "$stamp" && return 0
    echo "== building fuzz-$name"
    # The harness joins the TrellisLayout module, so it can reach the reader's internals.
    # shellcheck disable=SC2086
    swiftc "${FLAGS[@]}" -module-name TrellisLayout -I "$SCRATCH/modules" $layout_sources $support_sources "$file" \
      "$SCRATCH/obj/TrellisSolver.o" "$SCRATCH/obj/TrellisSupport.o" "$SCRATCH/obj/TrellisText.o" -o "$out"
  fi
  echo "$stamp" >"$out.stamp"
}

for name in "${selected[@]}"; do build "$name"; done
[ $build_only = 1 ] && { echo "built: ${selected[*]} (in $SCRATCH/bin)"; exit 0; }

# --- Runs --------------------------------------------------------------------------------
failed=()
summary=()
for name in "${selected[@]}"; do
  bin="$SCRATCH/bin/fuzz-$name"
  corpus="$SCRATCH/corpus/$name"
  # CI starts from the seeds alone each time: the same start, and no time spent replaying a
  # corpus that earlier long runs grew.
  [ $ci = 1 ] && { corpus="$SCRATCH/ci-corpus/$name"; rm -rf "$corpus"; }
  run="$SCRATCH/runs/$(date +%Y%m%d-%H%M%S)-$name"
  mkdir -p "$corpus" "$run"
  if [ -d "Fuzz/corpus/$name" ]; then cp -n Fuzz/corpus/"$name"/* "$corpus"/ 2>/dev/null || true; fi
  args=(-max_total_time="$seconds" -timeout="$timeout" -max_len="$(max_len "$name")" -rss_limit_mb=2048
    -print_final_stats=1 -artifact_prefix="$run/")
  [ -n "$seed" ] && args+=(-seed="$seed")
  dict=$(dictionary "$name")
  [ -n "$dict" ] && args+=(-dict="$dict")
  echo "== fuzzing $name for ${seconds}s (log: $run/log)"
  set +e
  # The Swift backtracer can hang under libFuzzer: leave crash reporting to libFuzzer/ASan.
  # Leaks in the toolchain's own libraries, per harness (Fuzz/suppressions/<harness>.lsan).
  lsan=""
  [ -f "Fuzz/suppressions/$name.lsan" ] && lsan="suppressions=$ROOT/Fuzz/suppressions/$name.lsan"
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="$lsan" "$bin" "${args[@]}" "$corpus" >"$run/log" 2>&1
  status=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$run/log" | tail -1)
  [ -n "$execs" ] || execs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$run/log" | tail -1)
  units=$(find "$corpus" -type f | wc -l | tr -d ' ')
  reproducers=$(find "$run" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'leak-*' -o -name 'oom-*' \) | LC_ALL=C sort)
  if [ $status -ne 0 ] || [ -n "$reproducers" ]; then
    failed+=("$name")
    summary+=("$(printf '%-16s FAILED  %s executions  exit %s' "$name" "${execs:-?}" "$status")")
    echo "-- $name failed (exit $status); the end of its log:"
    # From the first error line on, without libFuzzer's progress lines and the input's hex dump.
    awk '/Fatal error|ERROR: |SUMMARY: /{p=1} p' "$run/log" | grep -v '^0x\|^Base64: \|^MS: ' | head -n 60
    if [ -n "$reproducers" ]; then
      for r in $reproducers; do
        echo "reproducer: $r"
        echo "  rerun it: SWIFT_BACKTRACE=enable=no $bin $r"
      done
    else
      echo "no reproducer was written; see $run/log"
    fi
  else
    summary+=("$(printf '%-16s ok      %s executions  %s corpus units' "$name" "${execs:-?}" "$units")")
  fi
done

echo "== summary (${seconds}s each)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: failures in: ${failed[*]}" >&2
  exit 1
fi
exit 0
}
