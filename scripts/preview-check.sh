#!/usr/bin/env bash
# Checks that a `trellis preview` page works in a real browser (docs/cli.md, "trellis preview").
#
#   scripts/preview-check.sh [--layout FILE] [--view ID] [--scratch-path DIR] [--keep DIR]
#
# Builds trellis, writes the preview page of the layout (default Layouts/concentration.json),
# and opens it twice in headless Chromium with --dump-dom: as it is (the first environment),
# (the default device, iPhone 17), and with a URL fragment that picks an iPad Split View window
# and a view. Each time the DOM
# the page's script built must hold one rectangle per view (`data-view`), the environment
# asked for (`data-environment`), and each view at the frame `trellis snapshot` gives for that
# environment (`data-frame`); the two drawings must differ, and the view named in the fragment
# must show its constraints and explain its width ("Why"). Opened as it is, the page must also put the environment it shows
# in its link (`#device=iPhone+17&orientation=portrait&window=full`), and (for the default
# layout) draw the flip count's text whole, as the layout laid it out: "Flips: 0", one line.
# Then a page of a storyboard with several scenes (Tests/Fixtures/import/prototype-cells.storyboard)
# opened on one prototype cell by name: its scene picker must list the screens, then the cells,
# and the cell must be drawn at the frames `trellis snapshot --scene` gives.
#
# Chromium is looked for as chromium, chromium-browser, google-chrome or google-chrome-stable;
# when none is found it is installed from the distribution's packages (apt-get install -y
# chromium, through sudo when not root).
#
#   --layout FILE        the layout to preview (default Layouts/concentration.json)
#   --view ID            the view whose constraints must show (default: the layout's last view)
#   --scratch-path DIR   swift build's scratch path (default .build, the one swift test uses)
#   --keep DIR           keep the page and the dumped DOMs in DIR
#
# Exit status: 0 the page works; 1 a check failed (the message says which); 2 Chromium is not
# available and could not be installed (no network, no apt-get, no permission), so nothing was
# checked; 64 a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; }
fail() { echo "preview-check: FAILED: $*" >&2; exit 1; }

layout=Layouts/concentration.json
scratch=.build
keep=""
view=""
while [ $# -gt 0 ]; do
  case "$1" in
    --layout) [ $# -ge 2 ] || { echo "preview-check: --layout needs a file" >&2; exit 64; }; layout=$2; shift ;;
    --scratch-path) [ $# -ge 2 ] || { echo "preview-check: --scratch-path needs a directory" >&2; exit 64; }; scratch=$2; shift ;;
    --view) [ $# -ge 2 ] || { echo "preview-check: --view needs a view id" >&2; exit 64; }; view=$2; shift ;;
    --keep) [ $# -ge 2 ] || { echo "preview-check: --keep needs a directory" >&2; exit 64; }; keep=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "preview-check: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
  shift
done

work=$(mktemp -d "${TMPDIR:-/tmp}/trellis-preview-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. A browser, installed when missing.
find_chromium() {
  for name in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return 0; fi
  done
  return 1
}
install_chromium() {
  command -v apt-get >/dev/null 2>&1 || { echo "preview-check: no apt-get to install Chromium with" >&2; return 1; }
  local run=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "preview-check: not root and no sudo to install Chromium" >&2; return 1; }
    run=(sudo -n)
  fi
  echo "preview-check: installing Chromium (apt-get install -y chromium)"
  # A fresh container may have no package lists yet: update once, then try again.
  # env after sudo: sudo drops the caller's environment.
  "${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >"$work/apt.log" 2>&1 \
    || { "${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update >>"$work/apt.log" 2>&1 \
      && "${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >>"$work/apt.log" 2>&1; } \
    || { tail -5 "$work/apt.log" >&2; return 1; }
}
if ! chromium=$(find_chromium); then
  if ! install_chromium || ! chromium=$(find_chromium); then
    echo "preview-check: SKIPPED: Chromium is not installed and could not be installed" \
      "(no network or no permission); the page was not checked in a browser." >&2
    exit 2
  fi
fi
echo "preview-check: using $chromium ($("$chromium" --version 2>/dev/null | head -1))"

# 2. The page, and the frames to expect from the same layout.
swift build --scratch-path "$scratch" --product trellis >"$work/build.log" 2>&1 \
  || { tail -20 "$work/build.log" >&2; fail "swift build --product trellis failed"; }
trellis="$scratch/debug/trellis"
page="$work/page.html"
"$trellis" preview "$layout" --output "$page" || fail "trellis preview $layout failed"
# snapshot exits 0 whatever the statuses; it lists the same environments as the page.
"$trellis" snapshot "$layout" --output "$work/frames.snapshot" >/dev/null 2>&1 || fail "trellis snapshot $layout failed"

# 3. The page in the browser.
dump() { # URL OUTPUT
  local flags=(--headless --disable-gpu --disable-dev-shm-usage --no-first-run --user-data-dir="$work/profile"
    --virtual-time-budget=5000 --dump-dom)
  # Chromium's sandbox cannot start as root (containers, CI); the page is our own.
  [ "$(id -u)" != 0 ] || flags+=(--no-sandbox)
  timeout 120 "$chromium" "${flags[@]}" "$1" >"$2" 2>"$2.log" \
    || { tail -5 "$2.log" >&2; fail "Chromium could not open $1"; }
}
# `id x y w h` per drawn rectangle, sorted, from a dumped DOM: the rectangle's own geometry,
# which must agree with the frame it says it draws (`data-frame`).
drawn() {
  local rects
  rects=$(grep -oE '<rect [^>]*data-view="[^"]*"[^>]*>' "$1" || true)
  [ -n "$rects" ] || return 0
  printf '%s\n' "$rects" | sed -E 's/.* x="([^"]*)" y="([^"]*)" width="([^"]*)" height="([^"]*)" data-view="([^"]*)" data-frame="([^"]*)".*/\5 \1 \2 \3 \4|\6/' |
    while IFS='|' read -r geometry frame; do
      [ "${geometry#* }" = "$frame" ] || { echo "MISMATCH $geometry (data-frame $frame)"; continue; }
      echo "$geometry"
    done | sort
}
# `id x y w h` per view of one environment of the snapshot, sorted.
expected() {
  awk -v name="== $1 (" 'index($0, name) == 1 { on = 1; next } /^== / { on = 0 } on && NF >= 5 { print $1, $2, $3, $4, $5 }' \
    "$work/frames.snapshot" | sort
}
check() { # DOM ENVIRONMENT
  local environment
  environment=$(grep -o 'data-environment="[^"]*"' "$1" | sed -E 's/.*="(.*)"/\1/' || true)
  [ -n "$environment" ] || fail "$(basename "$1"): the page drew nothing (no <svg data-environment>); its script did not run"
  [ "$environment" = "$2" ] || fail "$(basename "$1"): the page drew '$environment', not '$2'"
  drawn "$1" >"$1.drawn"
  expected "$2" >"$1.expected"
  [ -s "$1.expected" ] || fail "the snapshot has no environment '$2'"
  [ -s "$1.drawn" ] || fail "$(basename "$1"): no view drawn (no data-view rectangles) for '$2'"
  if ! diff "$1.expected" "$1.drawn" >"$1.diff"; then
    head -20 "$1.diff" >&2
    fail "$(basename "$1"): the drawn frames of '$2' differ from trellis snapshot's (< snapshot, > page)"
  fi
  echo "preview-check: $2: $(wc -l <"$1.drawn") views drawn at the snapshot's frames"
}

dump "file://$page" "$work/first.html"
check "$work/first.html" "iPhone 17 portrait full"
grep -q '<a id="link"[^>]* href="#device=iPhone+17&amp;orientation=portrait&amp;window=full"' "$work/first.html" \
  || fail "the page's link does not name the environment it shows (iPhone 17 portrait full)"
if [ "$layout" = Layouts/concentration.json ]; then
  grep -q '<tspan class="line"[^>]*>Flips: 0</tspan>' "$work/first.html" \
    || fail "the flip count is not drawn whole as one line ('Flips: 0')"
fi
echo "preview-check: opened on iPhone 17 portrait, named in the page's link; texts drawn as laid out"

split="iPad Pro 12.9-inch (3rd-6th gen) landscape 1/2"
# The layout's last view by default (the snapshot lists views in document order); ids are
# letters, digits and a few marks, so they need no escaping in the fragment.
# The snapshot's `== layout` section (format 2: the views and constraints) is not an environment.
[ -n "$view" ] || view=$(awk '/^== layout$/ { skip = 1; next } /^== / { skip = 0; n++ } !skip && n == 1 && NF >= 5 && !/^#/ { last = $1 } END { print last }' "$work/frames.snapshot")
dump "file://$page#device=iPad%20Pro%2012.9&orientation=landscape&window=1/2&view=$view" "$work/split.html"
check "$work/split.html" "$split"
cmp -s "$work/first.html.drawn" "$work/split.html.drawn" && fail "switching devices did not change the drawing"
grep -q "<p class=\"mono\">$view (" "$work/split.html" || fail "the view named in the fragment ($view) shows no details"
grep -Eq 'Constraints \([1-9][0-9]*\)' "$work/split.html" || fail "the details of $view list no constraints"
# The hover "why" (trellis why in short): the view's width explained, its arithmetic first.
grep -q '<summary class="mono">width = ' "$work/split.html" || fail "the details of $view do not explain its width"
echo "preview-check: switching to $split changed the drawing; $view's constraints are listed and its frame explained"

# 4. A page of several scenes: a storyboard's screens and prototype cells, one picked by name.
scenes_file=Tests/Fixtures/import/prototype-cells.storyboard
"$trellis" preview "$scenes_file" --output "$work/scenes.html" 2>"$work/scenes.log" \
  || { cat "$work/scenes.log" >&2; fail "trellis preview $scenes_file failed"; }
"$trellis" snapshot "$scenes_file" --scene Tall --output "$work/frames.snapshot" >/dev/null 2>&1 \
  || fail "trellis snapshot $scenes_file --scene Tall failed"
dump "file://$work/scenes.html#scene=Tall&device=iPhone%2017" "$work/cell.html"
check "$work/cell.html" "iPhone 17 portrait full"
grep -q '<optgroup label="Screens"><option value="0">ListViewController</option>' "$work/cell.html" \
  || fail "the scene picker does not list the storyboard's screens first, under 'Screens'"
grep -q '<optgroup label="Cells">.*<option value="[0-9]*">Tall</option>' "$work/cell.html" \
  || fail "the scene picker does not list the prototype cells under 'Cells'"
grep -q '<a id="link"[^>]* href="#scene=Tall&amp;device=iPhone+17&amp;' "$work/cell.html" \
  || fail "the page's link does not name the scene it shows (Tall)"
grep -q 'cell: row height [0-9.]* pt' "$work/cell.html" || fail "the cell's environment does not say its row height"
echo "preview-check: a storyboard's screens and cells in one page; the cell Tall drawn at the snapshot's frames"

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  cp "$page" "$work/first.html" "$work/split.html" "$work/scenes.html" "$work/cell.html" "$keep/"
  echo "preview-check: kept the page and the dumped DOMs in $keep"
fi
echo "preview-check: ok"
