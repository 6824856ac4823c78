#!/usr/bin/env bash
# Measures `trellis import --check` on the public real-app Interface Builder files listed in
# Tests/Fixtures/import/survey/manifest.tsv (docs/import.md, "Measured on public storyboards").
# The files are never committed: they are extracted from local git mirrors of their repositories
# (one bare or non-bare clone per repository, named OWNER+NAME, e.g. duckduckgo+iOS/repo), or read
# from a folder that already holds them as FILES/HALF/OWNER+NAME/PATH.
#
#   scripts/import-survey.sh [--mirrors DIR] [--files DIR] [--trellis BIN] [--manifest TSV] [--half rules|held-out|all]
#
# --mirrors DIR  where the mirrors are (default /work/.mirror); a missing mirror or commit is
#                reported and its files are skipped, not counted.
# --files DIR    where the files are extracted to, or already are (default a temporary folder).
# --trellis BIN  the trellis executable (default: built with `swift build` into .build).
# Prints each half's `import --check DIR` report (one line per file and scene, then the summary).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
mirrors=/work/.mirror
files=""
trellis=""
manifest="$root/Tests/Fixtures/import/survey/manifest.tsv"
halves="rules held-out"
while [ $# -gt 0 ]; do
  case "$1" in
    --mirrors) mirrors="$2"; shift 2 ;;
    --files) files="$2"; shift 2 ;;
    --trellis) trellis="$2"; shift 2 ;;
    --manifest) manifest="$2"; shift 2 ;;
    --half) [ "$2" = all ] && halves="rules held-out" || halves="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "import-survey.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$files" ]; then
  files="$(mktemp -d)"
  trap 'rm -rf "$files"' EXIT
fi
if [ -z "$trellis" ]; then
  (cd "$root" && swift build --product trellis >&2)
  trellis="$root/.build/debug/trellis"
fi

# Extract what is not there yet.
missing=0
while IFS=$'\t' read -r repo commit path half; do
  case "$repo" in '#'*|'') continue ;; esac
  target="$files/$half/${repo/\//+}/$path"
  [ -f "$target" ] && continue
  mirror="$mirrors/${repo/\//+}"
  [ -d "$mirror/repo" ] && mirror="$mirror/repo"
  mkdir -p "$(dirname "$target")"
  if ! git -C "$mirror" show "$commit:$path" > "$target" 2>/dev/null; then
    rm -f "$target"
    echo "import-survey.sh: not available: $repo $commit $path" >&2
    missing=$((missing + 1))
  fi
done < "$manifest"
[ "$missing" -gt 0 ] && echo "import-survey.sh: $missing files skipped" >&2

status=0
for half in $halves; do
  echo "== $half"
  "$trellis" import --check "$files/$half" || status=1
done
exit $status
