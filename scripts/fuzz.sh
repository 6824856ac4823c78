#!/usr/bin/env bash
# Builds and runs Trellis's libFuzzer harnesses (docs/fuzzing.md).
#
#   scripts/fuzz.sh [--ci] [--seconds N | --runs N] [--timeout N] [--seed N] [--build-only] [harness…]
#
# Harnesses: solver json constraint-text vfl layout font import log (default: all, in that order).
#   --seconds N   fuzz each harness for N seconds (default 60; not with --ci)
#   --runs N      fuzz each harness for N executions instead (a fixed count, not a time)
#   --ci          what CI runs: a fixed search, not a timed one. Each harness runs a fixed number
#                 of executions (the table ci_runs below, chosen for about 60 s in all on two quiet
#                 cores; --runs N gives every harness N instead), libFuzzer seed 1, from the
#                 checked-in seeds alone passed in sorted order, with no corpus reload, no
#                 allocator purge on a timer, SWIFT_DETERMINISTIC_HASHING=1 and address
#                 randomization off (setarch -R). No time limit but --timeout (one input's hang).
#                 It used to be a time budget, so how much was searched, and the verdict, depended
#                 on the machine's load; now the same commit runs the same inputs and gets the same
#                 verdict, loaded or idle, and a finding is a real failure of that commit
#                 (`scripts/fuzz.sh --ci <harness>` runs it again). The summary gives, per harness,
#                 the seed, the runs, the executions, the new units and the corpus's fingerprint.
#   --timeout N   seconds one input may take before it counts as a hang (default 10; solver 60)
#   --seed N      libFuzzer's random seed (default: a new one each run; 1 with --ci)
#   --build-only  build the harnesses and stop
#
# Everything is written under .build-fuzz/ (gitignored): binaries, a working corpus per
# harness (seeded from Fuzz/corpus/<harness>/ each run, kept across runs; the checked-in seeds
# are never modified; --ci uses a fresh empty one instead), and per run a directory with the log
# and any reproducer. Exits 1 when a harness finds a crash, hang, leak or out-of-memory input,
# printing the reproducer's path.
# The whole script is one compound command, read before it runs: editing this file while a
# long fuzzing run is under way cannot change what that run does.
{
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SCRATCH="$ROOT/.build-fuzz"
ALL=(solver json constraint-text vfl layout font import log)

# The comment at the top, up to the note about how the script is read.
usage() { awk 'NR > 1 && /^# The whole script/ { exit } NR > 1' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "fuzz.sh: $*" >&2; exit 2; }

seconds=""
runs=""
seed=""
timeout=""
ci=0
build_only=0
selected=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ci) ci=1 ;;
    --seconds) [ $# -ge 2 ] || die "--seconds needs a number"; seconds=$2; shift ;;
    --seconds=*) seconds=${1#--seconds=} ;;
    --runs) [ $# -ge 2 ] || die "--runs needs a number"; runs=$2; shift ;;
    --runs=*) runs=${1#--runs=} ;;
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
for n in ${timeout:+"$timeout"} ${seconds:+"$seconds"} ${runs:+"$runs"} ${seed:+"$seed"}; do
  [[ "$n" =~ ^[1-9][0-9]{0,8}$ ]] || die "'$n' is not a positive whole number (below 10^9)"
done
[ -n "$seconds" ] && [ -n "$runs" ] && die "--seconds and --runs are exclusive: a time or a count"
# CI's search is a fixed count from a fixed seed: a time budget would let the machine's load
# decide how much is searched, and so the verdict.
[ $ci = 1 ] && [ -n "$seconds" ] && die "--ci runs a fixed number of executions, not a time: use --runs N, or drop --ci"
[ $ci = 1 ] && [ -z "$seed" ] && seed=1
[ $ci = 0 ] && [ -z "$runs" ] && [ -z "$seconds" ] && seconds=60

# --ci: executions per harness (libFuzzer -runs; the seeds' own runs count), chosen for about
# 8.5 s each on this two-core machine once built, the solver's more (each of its operations is
# certified in exact arithmetic, and fewer runs would be little beyond its seeds): about a minute
# and a quarter in all. docs/fuzzing.md has the measured rates. To re-tune one: time its line on a
# quiet machine (`scripts/fuzz.sh --ci <harness>`, whose summary gives the seconds), scale N, and
# check. A new N is another search: the verdict may change with N (and with the commit), never
# with the machine's load.
ci_runs() {
  case "$1" in
    solver) echo 400 ;;
    json) echo 4000 ;;
    constraint-text) echo 6000 ;;
    vfl) echo 10000 ;;
    layout) echo 900 ;;
    font) echo 20000 ;;
    import) echo 850 ;;
    log) echo 5000 ;;
  esac
}

# A hang is one input over this many seconds (of wall time). The solver harness certifies every
# operation in exact arithmetic, which under ASan takes some inputs several seconds alone and
# more on a loaded machine (docs/fuzzing.md), so its limit is six times the others'. It must stay
# far above any real input's time, or the verdict would depend on the machine's load again.
default_timeout() {
  case "$1" in
    solver) echo 60 ;;
    *) echo 10 ;;
  esac
}

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
    log) echo Fuzz/FuzzLog.swift ;;
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
    log) echo 8192 ;;
  esac
}
dictionary() {
  case "$1" in
    json|layout) echo Fuzz/dict/layout.dict ;;
    constraint-text) echo Fuzz/dict/constraint-text.dict ;;
    vfl) echo Fuzz/dict/vfl.dict ;;
    font) echo Fuzz/dict/font.dict ;;
    import) echo Fuzz/dict/ib.dict ;;
    log) echo Fuzz/dict/log.dict ;;
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
model_sources=$(find Sources/TrellisModel -name '*.swift' | LC_ALL=C sort)
layout_sources=$(find Sources/TrellisLayout -name '*.swift' | LC_ALL=C sort)
json_sources=$(find Sources/TrellisJSON -name '*.swift' | LC_ALL=C sort)
text_sources=$(find Sources/TrellisText -name '*.swift' | LC_ALL=C sort)
support_sources=$(find Fuzz/Support -name '*.swift' | LC_ALL=C sort)
package_support_sources=$(find Sources/TrellisSupport -name '*.swift' | LC_ALL=C sort)
import_sources=$(find Sources/TrellisImport -name '*.swift' | LC_ALL=C sort)
log_sources=$(find Sources/TrellisLog -name '*.swift' | LC_ALL=C sort)

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

# The module graph of Package.swift: TrellisModel imports TrellisSupport and TrellisText;
# TrellisLayout (the engine) imports TrellisModel and TrellisSolver; TrellisJSON, which the layout
# harnesses join, and TrellisImport, which the import harness joins, import TrellisModel.
build_solver_module() { build_module TrellisSolver "$solver_sources"; }
build_support_module() { build_module TrellisSupport "$package_support_sources"; }
build_text_module() { build_module TrellisText "$text_sources"; }
build_model_module() { build_module TrellisModel "$model_sources" "$package_support_sources $text_sources"; }
build_layout_module() {
  build_module TrellisLayout "$layout_sources" "$solver_sources $package_support_sources $text_sources $model_sources"
}
# Every module a harness links besides the one it joins.
linked_objects=("$SCRATCH/obj/TrellisSolver.o" "$SCRATCH/obj/TrellisSupport.o" "$SCRATCH/obj/TrellisText.o"
  "$SCRATCH/obj/TrellisModel.o" "$SCRATCH/obj/TrellisLayout.o")
build_linked_modules() {
  build_solver_module
  build_support_module
  build_text_module
  build_model_module
  build_layout_module
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
  elif [ "$name" = log ]; then
    # The log harness joins the TrellisLog module, over TrellisSupport, TrellisText and
    # TrellisModel (the reader and the document builder need no solver).
    build_support_module
    build_text_module
    build_model_module
    # shellcheck disable=SC2086
    stamp=$(stamp_of $package_support_sources $text_sources $model_sources $log_sources "$file")
    up_to_date "$out" "$stamp" && return 0
    echo "== building fuzz-$name"
    # shellcheck disable=SC2086
    swiftc "${FLAGS[@]}" -module-name TrellisLog -I "$SCRATCH/modules" $log_sources "$file" \
      "$SCRATCH/obj/TrellisSupport.o" "$SCRATCH/obj/TrellisText.o" "$SCRATCH/obj/TrellisModel.o" -o "$out"
  elif [ "$name" = import ]; then
    build_linked_modules
    # shellcheck disable=SC2086
    stamp=$(stamp_of $solver_sources $package_support_sources $text_sources $model_sources $layout_sources \
      $import_sources "$file")
    up_to_date "$out" "$stamp" && return 0
    echo "== building fuzz-$name"
    # The harness joins the TrellisImport module, so it can reach the importer's internals.
    # shellcheck disable=SC2086
    swiftc "${FLAGS[@]}" -module-name TrellisImport -I "$SCRATCH/modules" $import_sources "$file" \
      "${linked_objects[@]}" -o "$out"
  else
    build_linked_modules
    # shellcheck disable=SC2086
    stamp=$(stamp_of $solver_sources $package_support_sources $text_sources $model_sources $layout_sources \
      $json_sources $support_sources "$file")
    up_to_date "$out" "$stamp" && return 0
    echo "== building fuzz-$name"
    # The harness joins the TrellisJSON module (the JSON front end), so it can reach the reader's
    # internals; it lays documents out with the TrellisLayout module.
    # shellcheck disable=SC2086
    swiftc "${FLAGS[@]}" -module-name TrellisJSON -I "$SCRATCH/modules" $json_sources $support_sources "$file" \
      "${linked_objects[@]}" -o "$out"
  fi
  echo "$stamp" >"$out.stamp"
}

for name in "${selected[@]}"; do build "$name"; done
[ $build_only = 1 ] && { echo "built: ${selected[*]} (in $SCRATCH/bin)"; exit 0; }

# --- Runs --------------------------------------------------------------------------------
# --ci runs each harness with address randomization off: libFuzzer's comparison tracing puts
# compared values into its mutation dictionary, some of them pointers, which would otherwise
# differ from run to run (docs/fuzzing.md, "In CI").
no_aslr=()
aslr_note=""
if [ $ci = 1 ]; then
  if setarch "$(uname -m)" -R true >/dev/null 2>&1; then
    no_aslr=(setarch "$(uname -m)" -R)
  elif [ "$(cat /proc/sys/kernel/randomize_va_space 2>/dev/null)" != 0 ]; then
    aslr_note="address randomization could not be turned off (setarch -R failed): pointer values libFuzzer picks up may make runs differ"
    echo "fuzz.sh: warning: $aslr_note" >&2
  fi
fi
# A statistic from libFuzzer's final report (-print_final_stats) in a run's log.
final_stat() { sed -n "s/^stat::$2: *//p" "$1" | tail -1; }
failed=()
summary=()
for name in "${selected[@]}"; do
  bin="$SCRATCH/bin/fuzz-$name"
  # A directory of its own, even for two runs of a harness within one second.
  base="$SCRATCH/runs/$(date +%Y%m%d-%H%M%S)-$name"
  run=$base
  k=1
  while [ -e "$run" ]; do k=$((k + 1)); run="$base-$k"; done
  mkdir -p "$run"
  args=(-timeout="${timeout:-$(default_timeout "$name")}" -max_len="$(max_len "$name")" -rss_limit_mb=2048
    -print_final_stats=1 -artifact_prefix="$run/")
  # The Swift backtracer can hang under libFuzzer: leave crash reporting to libFuzzer/ASan.
  env=(SWIFT_BACKTRACE=enable=no)
  launch=()
  if [ $ci = 1 ]; then
    # A fixed search: what runs, in what order, decided by the commit alone (docs/fuzzing.md,
    # "In CI"). A fresh empty corpus: the checked-in seeds are passed by name, in sorted order
    # (libFuzzer would read a directory in the file system's order, and shuffles and sorts by
    # size from there), so only the units this run adds are written to it. No corpus reload and
    # no allocator purge on a timer (-reload, -purge_allocator_interval: each runs on the clock),
    # no time limit; Swift's hashing seeded the same in every process (the harnesses inline the
    # standard library's hashing, instrumented, so its per-process seed would change coverage);
    # address randomization off (above). -entropic_scale_per_exec_time stays at its default, 0
    # (1 would schedule by measured time); no -fork or -jobs.
    corpus="$SCRATCH/ci-corpus/$name"
    rm -rf "$corpus"
    mkdir -p "$corpus"
    n=${runs:-$(ci_runs "$name")}
    seeds=()
    if [ -d "Fuzz/corpus/$name" ]; then
      while IFS= read -r f; do
        case "$f" in *,*) die "Fuzz/corpus/$name/$f: a seed's name may not hold a comma (-seed_inputs is a comma-separated list)" ;; esac
        seeds+=("$ROOT/Fuzz/corpus/$name/$f")
      done < <(find "Fuzz/corpus/$name" -maxdepth 1 -type f -printf '%f\n' | LC_ALL=C sort)
    fi
    if [ ${#seeds[@]} -gt 0 ]; then
      # Comma-separated, no final newline (it would become part of the last name).
      (IFS=,; printf '%s' "${seeds[*]}") >"$run/seeds"
      args+=(-seed_inputs=@"$run/seeds")
    fi
    args+=(-runs="$n" -seed="$seed" -reload=0 -purge_allocator_interval=-1)
    env+=(SWIFT_DETERMINISTIC_HASHING=1)
    launch=("${no_aslr[@]}")
    what="$n runs, seed $seed"
  else
    # Hunting: the working corpus, grown by earlier runs, with the seeds copied in.
    corpus="$SCRATCH/corpus/$name"
    mkdir -p "$corpus"
    if [ -d "Fuzz/corpus/$name" ]; then cp -n Fuzz/corpus/"$name"/* "$corpus"/ 2>/dev/null || true; fi
    if [ -n "$runs" ]; then
      args+=(-runs="$runs"); what="$runs runs"
    else
      args+=(-max_total_time="$seconds"); what="${seconds}s"
    fi
    if [ -n "$seed" ]; then
      args+=(-seed="$seed"); what="$what, seed $seed"
    else
      what="$what, a new seed"
    fi
  fi
  rerun="${launch[*]}${launch[*]:+ env }${env[*]}"
  dict=$(dictionary "$name")
  [ -n "$dict" ] && args+=(-dict="$dict")
  echo "== fuzzing $name: $what (log: $run/log)"
  # Leaks in the toolchain's own libraries, per harness (Fuzz/suppressions/<harness>.lsan).
  lsan=""
  [ -f "Fuzz/suppressions/$name.lsan" ] && lsan="suppressions=$ROOT/Fuzz/suppressions/$name.lsan"
  env+=(ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="$lsan")
  started=${EPOCHREALTIME/,/.}
  set +e
  "${launch[@]}" env "${env[@]}" "$bin" "${args[@]}" "$corpus" >"$run/log" 2>&1
  status=$?
  set -e
  took=$(awk -v a="$started" -v b="${EPOCHREALTIME/,/.}" 'BEGIN { printf "%.1f", b - a }')
  execs=$(final_stat "$run/log" number_of_executed_units)
  [ -n "$execs" ] || execs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$run/log" | tail -1)
  added=$(final_stat "$run/log" new_units_added)
  used_seed=$(sed -n 's/^INFO: Seed: *//p' "$run/log" | head -1)
  units=$(find "$corpus" -type f | wc -l | tr -d ' ')
  # The corpus's fingerprint: the sorted sha256s of its files, hashed (equal runs, equal prints).
  print=$(find "$corpus" -type f -exec sha256sum {} + | cut -d' ' -f1 | LC_ALL=C sort | sha256sum | cut -c1-12)
  reproducers=$(find "$run" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'leak-*' -o -name 'oom-*' \) | LC_ALL=C sort)
  if [ $ci = 1 ]; then
    facts="seed ${used_seed:-?}  runs $n  executions ${execs:-?}  new units ${added:-?}  corpus $print  ${took}s"
  else
    facts="seed ${used_seed:-?}  executions ${execs:-?}  new units ${added:-?}  corpus $units units  ${took}s"
  fi
  if [ $status -ne 0 ] || [ -n "$reproducers" ]; then
    failed+=("$name")
    summary+=("$(printf '%-16s FAILED  %s  exit %s' "$name" "$facts" "$status")")
    echo "-- $name failed (exit $status); the end of its log:"
    # From the first error line on, without libFuzzer's progress lines and the input's hex dump.
    awk '/Fatal error|ERROR: |SUMMARY: /{p=1} p' "$run/log" | grep -v '^0x\|^Base64: \|^MS: ' | head -n 60
    if [ -n "$reproducers" ]; then
      for r in $reproducers; do
        echo "reproducer: $r"
        echo "  rerun it: $rerun $bin $r"
      done
    else
      echo "no reproducer was written; see $run/log"
    fi
    if [ $ci = 1 ]; then
      echo "the whole run again, the same executions: scripts/fuzz.sh --ci${runs:+ --runs $runs} --seed $seed $name"
    fi
  else
    summary+=("$(printf '%-16s ok      %s' "$name" "$facts")")
  fi
done

if [ $ci = 1 ]; then
  echo "== summary (--ci: a fixed search, seed $seed, a fixed number of runs per harness)"
else
  echo "== summary"
fi
printf '%s\n' "${summary[@]}"
[ -z "$aslr_note" ] || echo "note: $aslr_note"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: failures in: ${failed[*]}" >&2
  exit 1
fi
exit 0
}
