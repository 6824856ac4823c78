#!/usr/bin/env bash
# Time budgets for the hostile scale cases (issue 17): runs the release trellis on each budgeted
# layout of Tests/Fixtures/hostile/ with `timeout`, prints its processor time (user + system: the
# budget; wall time is printed beside it), and fails when a run is over its budget or does not
# end as the corpus says it must (exit status and summary line).
#
#   scripts/hostile-budgets.sh [--no-build] [--scratch-path DIR] [--keep DIR] [--factor F] [NAME ...]
#
# The layouts are too big to keep as files (up to 7 MB): this script generates them, each from
# a few lines of awk, into a temporary folder (or --keep DIR). Tests/Fixtures/hostile/README.md
# lists every case with what it is, its expected outcome and its budget, and why the budget is
# what it is; Tests/Fixtures/hostile/budgets.tsv is the table this script reads.
#
#   --no-build           use the existing release binary (DIR/release/trellis)
#   --scratch-path DIR   swift build's scratch path (default .build-hostile)
#   --keep DIR           write the generated layouts to DIR and keep them
#   --factor F           multiply every budget by F (a slower machine; default 1)
#   --list               print the cases and their budgets, run nothing
#   NAME ...             only these cases (default: all)
#
# Timing is never a pass/fail test in `swift test`: the suite checks these layouts' frames and
# reports in-process (HostileScaleTests, HostileFloodTests); this script checks their time.
# Exit status: 0 every case ended as expected within its budget; 1 a case was over its budget,
# timed out, or ended otherwise than expected; 64 a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; }

scratch=.build-hostile
build=1
keep=""
factor=1
list=0
names=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --scratch-path) [ $# -ge 2 ] || { echo "hostile-budgets: --scratch-path needs a folder" >&2; exit 64; }; scratch=$2; shift ;;
    --keep) [ $# -ge 2 ] || { echo "hostile-budgets: --keep needs a folder" >&2; exit 64; }; keep=$2; shift ;;
    --factor) [ $# -ge 2 ] || { echo "hostile-budgets: --factor needs a number" >&2; exit 64; }; factor=$2; shift ;;
    --list) list=1 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "hostile-budgets: unknown option '$1'; see --help" >&2; exit 64 ;;
    *) names+=("$1") ;;
  esac
  shift
done
if ! awk -v f="$factor" 'BEGIN { exit !(f + 0 > 0) }'; then
  echo "hostile-budgets: --factor must be a positive number, not '$factor'" >&2
  exit 64
fi

table=Tests/Fixtures/hostile/budgets.tsv
[ -f "$table" ] || { echo "hostile-budgets: $table is missing" >&2; exit 1; }

# One generator per shape: writes the layout to $2. Each is the layout the README describes.
generate() {
  local shape=$1 out=$2
  case "$shape" in
    conflicts-4999)
      # One view pinned at the root's top-left, 10 high, and 5,000 required widths 1…5,000:
      # the first holds, the other 4,999 conflict with it.
      awk 'BEGIN {
        print "{\"root\": {\"children\": [{\"id\": \"a\"}]},"
        print "\"constraints\": ["
        print "\"a.leading == root.leading\", \"a.top == root.top\", \"a.height == 10\","
        for (k = 1; k <= 5000; k++) printf "\"a.width == %d\"%s\n", k, (k < 5000 ? "," : "")
        print "]}"
      }' > "$out" ;;
    conflicts-per-view-10000|conflicts-per-view-50000)
      # 10,000 views (or 49,999: with the root, the reader's default limit of 50,000), each
      # pinned at the root's top-left, 10 high and 10 wide, then 20 wide: one conflict per
      # view, between two of its own constraints.
      local n=10000
      [ "$shape" = conflicts-per-view-50000 ] && n=49999
      awk -v n="$n" 'BEGIN {
        printf "{\"root\": {\"children\": ["
        for (i = 0; i < n; i++) printf "%s{\"id\": \"v%d\"}", (i ? ", " : ""), i
        print "]},"
        print "\"constraints\": ["
        for (i = 0; i < n; i++) {
          printf "\"v%d.leading == root.leading\", \"v%d.top == root.top\", \"v%d.height == 10\",", i, i, i
          printf " \"v%d.width == 10\", \"v%d.width == 20\"%s\n", i, i, (i < n - 1 ? "," : "")
        }
        print "]}"
      }' > "$out" ;;
    chain-2000|chain-2000-conflicts-4999|chain-50000)
      # 1,999 views in a row (2,000 with the root; 49,999 for chain-50000, the reader's default
      # view limit): each starts where the one before ends and is as wide as it, the last ends at
      # the root's trailing edge, every one 10 high.
      local extra=0 count=1999
      [ "$shape" = chain-2000-conflicts-4999 ] && extra=4999
      [ "$shape" = chain-50000 ] && count=49999
      awk -v extra="$extra" -v n="$count" 'BEGIN {
        printf "{\"root\": {\"children\": ["
        for (i = 0; i < n; i++) printf "%s{\"id\": \"v%d\"}", (i ? ", " : ""), i
        print "]},"
        print "\"constraints\": ["
        print "\"v0.leading == root.leading\", \"v0.top == root.top\", \"v0.height == 10\","
        for (i = 1; i < n; i++) {
          printf "\"v%d.leading == v%d.trailing\", \"v%d.top == v%d.top\", \"v%d.width == v%d.width\", \"v%d.height == 10\",\n", i, i - 1, i, i - 1, i, i - 1, i
        }
        printf "\"v%d.trailing == root.trailing\"", n - 1
        # Widths 1…extra, view k mod 1,999: each conflicts with the chain, which gives every
        # view 375 / 1,999 in the container it is solved in (never a whole number).
        for (k = 0; k < extra; k++) printf ",\n\"v%d.width == %d\"", k % n, k + 1
        print "\n]}"
      }' > "$out" ;;
    stack-2000|stack-50000)
      # A vertical fill-equally stack of 1,998 views (2,000 with the root and the stack; 49,998
      # for stack-50000) pinned to the root's edges.
      local count=1998
      [ "$shape" = stack-50000 ] && count=49998
      awk -v n="$count" 'BEGIN {
        printf "{\"root\": {\"children\": [{\"id\": \"s\", \"kind\": \"stack\", \"axis\": \"vertical\", "
        printf "\"distribution\": \"fillEqually\", \"children\": ["
        for (i = 0; i < n; i++) printf "%s{\"id\": \"v%d\"}", (i ? ", " : ""), i
        print "]}]},"
        print "\"constraints\": [\"s.top == root.top\", \"s.bottom == root.bottom\", \"s.leading == root.leading\", \"s.trailing == root.trailing\"]}"
      }' > "$out" ;;
    bounds-ascending-20000)
      # One view pinned at the root's top-left, 10 high, at least 1, 2, …, 20,000 wide and at
      # most 20,000: each bound tighter than the ones before it (quadratic before bounds on the
      # same terms were added tightest first).
      awk 'BEGIN {
        n = 20000
        print "{\"root\": {\"children\": [{\"id\": \"a\"}]},"
        print "\"constraints\": ["
        print "\"a.leading == root.leading\", \"a.top == root.top\", \"a.height == 10\","
        for (k = 1; k <= n; k++) printf "\"a.width >= %d\",\n", k
        printf "\"a.width <= %d\"\n", n
        print "]}"
      }' > "$out" ;;
    *) echo "hostile-budgets: no generator for '$shape'" >&2; return 1 ;;
  esac
}

if [ $list -eq 1 ]; then
  awk -F'\t' -v f="$factor" '!/^#/ && NF >= 6 { printf "%-28s %-10s budget %6.1f s  expect exit %s, \"%s\"\n", $1, $2, $5 * f, $3, $4 }' "$table"
  exit 0
fi

if [ $build -eq 1 ]; then
  swift build -c release --scratch-path "$scratch" --product trellis >&2
fi
trellis="$scratch/release/trellis"
[ -x "$trellis" ] || { echo "hostile-budgets: $trellis not found; build it or drop --no-build" >&2; exit 1; }

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  work=$keep
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

status=0
ran=0
printf '%-28s %-9s %9s %9s %9s  %s\n' case command cpu-s wall-s budget result
while IFS=$'\t' read -r name command want_exit want_summary budget why; do
  case "$name" in ''|'#'*) continue ;; esac
  if [ ${#names[@]} -gt 0 ]; then
    wanted=0
    for n in "${names[@]}"; do [ "$n" = "$name" ] && wanted=1; done
    [ $wanted -eq 1 ] || continue
  fi
  ran=$((ran + 1))
  file="$work/$name.json"
  generate "$name" "$file"
  limit=$(awk -v b="$budget" -v f="$factor" 'BEGIN { printf "%.2f", b * f }')
  # The budget is on processor time (user + system), not wall time: a machine loaded by other
  # work (CI's runs share it with whatever else runs) stretches wall time but hardly the
  # processor time of one single-threaded process, so the same commit gets the same verdict on
  # a loaded or an idle machine. The hard stop, on wall time, is four times the budget plus
  # 30 s, so a hang still ends and an over-budget run still says how long it took.
  hard=$(awk -v l="$limit" 'BEGIN { printf "%d", 4 * l + 30.999 }')
  start=$(date +%s.%N)
  set +e
  # The command column may hold options (`solve --format table`): split into words on purpose.
  # shellcheck disable=SC2086
  cpu=$( { TIMEFORMAT='%3U %3S'; time timeout "$hard" "$trellis" $command "$file" > "$work/$name.out" 2> "$work/$name.err"; } 2>&1 )
  code=$?
  set -e
  end=$(date +%s.%N)
  wall=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')
  seconds=$(echo "$cpu" | awk '{ printf "%.2f", $1 + $2 }')
  last=$(tail -n 1 "$work/$name.out" 2>/dev/null | sed "s|^$work/||")
  if [ "${command%% *}" = solve ]; then
    # solve prints no summary: count its diagnostics as validate's summary line does.
    errors=$(grep -cE '(^|: )error: ' "$work/$name.err" || true)
    warnings=$(grep -cE '(^|: )warning: ' "$work/$name.err" || true)
    last="$name.json: $errors errors, $warnings warnings"
  fi
  result=ok
  if [ $code -eq 124 ]; then
    result="TIMED OUT after ${hard} s"
  elif awk -v s="$seconds" -v l="$limit" 'BEGIN { exit !(s + 0 > l + 0) }'; then
    result="OVER BUDGET"
  elif [ "$code" != "$want_exit" ]; then
    result="exit $code, expected $want_exit"
  elif [ "$last" != "$name.json: $want_summary" ]; then
    result="ended '$last', expected '$name.json: $want_summary'"
  fi
  printf '%-28s %-9s %9s %9s %9s  %s\n' "$name" "$command" "$seconds" "$wall" "$limit" "$result"
  if [ "$result" != ok ]; then
    status=1
    sed -n '1,5p' "$work/$name.err" >&2
  fi
done < "$table"
if [ $ran -eq 0 ]; then
  echo "hostile-budgets: no case matched ${names[*]:-(the table is empty)}" >&2
  exit 64
fi
exit $status
