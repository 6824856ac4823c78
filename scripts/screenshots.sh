#!/usr/bin/env bash
# Regenerates the screenshots of docs/images/ that the README's command list shows, one per kind
# of picture, in headless Chromium (docs/pictures.md says what was checked on them). Not run by
# CI or the tests: a screenshot depends on the fonts of the machine that takes it.
#
#   scripts/screenshots.sh [--scratch-path DIR] [--keep DIR] [--check DIR]
#
#   --scratch-path DIR   swift build's scratch path (default .build)
#   --keep DIR           keep the pages and SVGs the screenshots were taken of in DIR
#   --check DIR          also write into DIR the screenshots docs/pictures.md lists as checked:
#                        each picture at 1x, at 2x and in a 390x700 window (a phone), to look at
#
# Chromium is looked for as chromium, chromium-browser, google-chrome or google-chrome-stable.
# Exit status: 0 written; 1 a step failed; 2 no Chromium; 64 a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build
keep=""
check=""
while [ $# -gt 0 ]; do
  case "$1" in
    --scratch-path) [ $# -ge 2 ] || { echo "screenshots: --scratch-path needs a directory" >&2; exit 64; }; scratch=$2; shift ;;
    --keep) [ $# -ge 2 ] || { echo "screenshots: --keep needs a directory" >&2; exit 64; }; keep=$2; shift ;;
    --check) [ $# -ge 2 ] || { echo "screenshots: --check needs a directory" >&2; exit 64; }; check=$2; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "screenshots: unknown argument '$1'" >&2; exit 64 ;;
  esac
  shift
done

browser=""
for name in chromium chromium-browser google-chrome google-chrome-stable; do
  if command -v "$name" >/dev/null 2>&1; then browser=$(command -v "$name"); break; fi
done
[ -n "$browser" ] || { echo "screenshots: no Chromium found" >&2; exit 2; }

swift build --scratch-path "$scratch" --product trellis >/dev/null
trellis="$scratch/debug/trellis"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p docs/images

# capture PATH URL WIDTH HEIGHT SCALE: one PNG of the page at URL in a window WIDTH x HEIGHT.
capture() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor="$5" \
    --window-size="$3,$4" --screenshot="$1" "$2" >/dev/null 2>&1
  [ -s "$1" ] || { echo "screenshots: no screenshot for $1" >&2; exit 1; }
}
# shot NAME URL WIDTH HEIGHT SCALE: docs/images/NAME.png.
shot() {
  capture "docs/images/$1.png" "$2" "$3" "$4" "$5"
  echo "wrote docs/images/$1.png ($(wc -c <"docs/images/$1.png") bytes)"
}

# solve --format svg: Concentration on an iPhone 8 in landscape (the hidden row drawn as a line,
# the flip count's two lines beside the grid), at 2x for the text.
"$trellis" solve Layouts/concentration.json --device "iPhone 8" --orientation landscape --format svg \
  --output "$work/solve.svg"
shot solve-concentration "file://$work/solve.svg" 669 490 1.5

# preview: Concentration on the default iPhone 17, card5's constraints shown (as on hover).
"$trellis" preview Layouts/concentration.json --output "$work/preview.html" 2>/dev/null
shot preview-concentration "file://$work/preview.html#view=card5" 1200 860 1

# matrix --format svg: the README's banner, 340 pt wide: the failing environment framed in red.
cat >"$work/banner.json" <<'JSON'
{
  "root": { "children": [ { "id": "banner", "kind": "label", "text": "Welcome back" } ] },
  "constraints": [
    "banner.centerX == root.centerX", "banner.top == safeArea.top + 20",
    "banner.width == 340", "banner.leading >= margins.leading"
  ]
}
JSON
"$trellis" matrix "$work/banner.json" --devices iphone --format svg --output "$work/matrix.svg" >/dev/null || true
shot matrix-banner "file://$work/matrix.svg" 900 520 1

# log --format svg: the first block of a fixture log, at 2x (its picture is 120 pt wide).
"$trellis" log Tests/Fixtures/logs/044-snapkit-button-40-in-bar-66.log --format svg >"$work/log.svg" || true
shot log-snapkit "file://$work/log.svg" 260 180 2

if [ -n "$check" ]; then
  # The pictures of docs/pictures.md: solve's SVG of Concentration both ways, of a layout with
  # wrapped text, a hidden view and a view off screen (scripts/screenshots/article.json, both
  # ways), of a scroll view; preview plain, hovered, in a Split View window; matrix and log.
  mkdir -p "$check"
  "$trellis" solve Layouts/concentration.json --format svg --output "$work/concentration-portrait.svg"
  "$trellis" solve Layouts/concentration.json --orientation landscape --format svg \
    --output "$work/concentration-landscape.svg"
  "$trellis" solve scripts/screenshots/article.json --device "iPhone 8" --format svg \
    --output "$work/article-portrait.svg" 2>/dev/null || true
  "$trellis" solve scripts/screenshots/article.json --device "iPhone 8" --orientation landscape --format svg \
    --output "$work/article-landscape.svg" 2>/dev/null || true
  "$trellis" solve Layouts/long-form.json --format svg --output "$work/long-form.svg"
  "$trellis" preview scripts/screenshots/article.json --output "$work/article.html" 2>/dev/null
  for picture in concentration-portrait concentration-landscape article-portrait article-landscape long-form \
    matrix log; do
    capture "$check/$picture-1x.png" "file://$work/$picture.svg" 1000 1000 1
    capture "$check/$picture-2x.png" "file://$work/$picture.svg" 1000 1000 2
    capture "$check/$picture-phone.png" "file://$work/$picture.svg" 390 700 2
  done
  for page in "preview:preview.html" "preview-hover:preview.html#view=card5" \
    "preview-split:preview.html#device=iPad+Pro+12.9&orientation=landscape&window=1/3" \
    "preview-article:article.html#device=iPhone+8&view=body"; do
    name=${page%%:*}
    capture "$check/$name-1x.png" "file://$work/${page#*:}" 1280 900 1
    capture "$check/$name-2x.png" "file://$work/${page#*:}" 1280 900 2
    capture "$check/$name-phone.png" "file://$work/${page#*:}" 390 700 2
  done
  echo "wrote $(ls "$check" | wc -l) screenshots to check in $check"
fi
if [ -n "$keep" ]; then mkdir -p "$keep" && cp "$work"/* "$keep"/; fi
echo "total: $(cat docs/images/*.png | wc -c) bytes"
