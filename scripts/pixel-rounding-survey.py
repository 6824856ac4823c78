#!/usr/bin/env python3
"""How Interface Builder rounds frames to the pixel grid, counted on stored frames.

    scripts/pixel-rounding-survey.py --trellis BIN DIR...

For every .storyboard and .xib under each DIR, each scene is solved by Trellis in the
environment IB used, without pixel snapping (`trellis solve FILE --scene ID --format json`),
and compared view by view with the frame IB stored (`trellis import FILE --output TMP`, the
manifest's storedFrames, in root coordinates). Only views within one pixel of their stored
frame count (their layout is right but for the rounding), and not those IB marks misplaced or
ambiguous (or inside one that is), nor those Trellis reports ambiguous. It prints:

1. for the edge pairs (minX, maxX or minY, maxY) on which candidate rounding rules disagree,
   how many each rule gets right: every edge rounded in root coordinates or in the superview's,
   or the origin and the size rounded apart; ties up, down or away from zero;
2. every edge solved exactly half a pixel between two pixels: stored on the pixel above or below,
   by scale, sign and the file's toolsVersion;
3. edges at exactly n + 0.5 pt at @3x: stored n + 2/3 (the nearest pixel, rounding up) or
   else; for these, views within half a point of their stored frame count;
4. the files with labels or buttons stretched across a fill-aligned row of a fill-equally stack
   (docs/import.md, "Shares stored as sizes"), from the XML alone, and those whose stored size
   there is not the stack's exact share (the share rounded to the pixel grid, or stale).

docs/semantics.md, "Pixel snapping", gives the figures this printed on the files at the HEAD of
the public mirrors on this machine (held-out halves left out). The files are never committed.
"""
import argparse
import collections
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def stale_ib_ids(path):
    """IB ids of the elements IB marks misplaced or ambiguous, and of everything inside them."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError:
        return set()
    stale = set()

    def walk(element, inherited):
        marked = inherited or element.get("misplaced") == "YES" or element.get("ambiguous") == "YES"
        if marked and element.get("id"):
            stale.add(element.get("id"))
        for child in element:
            walk(child, marked)

    walk(root, False)
    return stale


def scenes_of(trellis, path, scratch):
    """(scene id, scale, {view: stored}, {view: (raw, parent)}) for each scene of `path`."""
    for name in os.listdir(scratch):
        os.remove(os.path.join(scratch, name))
    if run([trellis, "import", path, "--output", scratch]).returncode not in (0, 1):
        return
    manifests = [n for n in os.listdir(scratch) if n.endswith(".manifest.json")]
    if not manifests:
        return
    manifest = json.load(open(os.path.join(scratch, manifests[0])))
    stale = stale_ib_ids(path)
    for scene in manifest.get("scenes", []):
        solved = run([trellis, "solve", path, "--scene", scene["sceneID"], "--format", "json"])
        try:
            result = json.loads(solved.stdout)
        except json.JSONDecodeError:
            continue
        ambiguous = set()
        for diagnostic in result.get("diagnostics", []):
            if diagnostic.get("kind") == "ambiguity":
                ambiguous.update(re.findall(r"'([^']+)'", diagnostic.get("message", "")))
        skip = {entry["trellis"] for entry in scene.get("ids", []) if entry["ib"] in stale} | ambiguous
        raw = {}
        for view in result.get("views", []):
            f = view["frame"]
            raw[view["id"]] = ((f["x"], f["y"], f["width"], f["height"]), view.get("parent"))
        stored = {k: tuple(v) for k, v in scene.get("storedFrames", {}).items() if k not in skip}
        yield scene["sceneID"], float(scene.get("scale") or result.get("scale") or 1), stored, raw


def frame_of(element):
    rect = element.find("rect[@key='frame']")
    return None if rect is None else [float(rect.get(k, 0)) for k in ("x", "y", "width", "height")]


def shared_sizes(path):
    """(stored, exact share) of each label's or button's size across a fill-aligned row of a
    fill-equally stack (the share computed as SceneImporter.shares(inStack:) does)."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError:
        return []
    found = []

    def walk(element, shares):
        subviews = element.find("subviews")
        if subviews is None:
            return
        children = list(subviews)
        margins = element.get("layoutMarginsRelativeArrangement") == "YES" or any(
            child.tag in ("edgeInsets", "directionalEdgeInsets") for child in element)
        if element.tag != "stackView" or margins:
            for child in children:
                walk(child, {})
            return
        axis = 0 if element.get("axis", "horizontal") == "horizontal" else 1
        given = {}
        if element.get("alignment", "fill") == "fill" and 1 - axis in shares:
            given[1 - axis] = shares[1 - axis]
        visible = [child for child in children if child.get("hidden") != "YES"]
        frame = frame_of(element)
        if element.get("distribution") == "fillEqually" and visible and frame:
            given[axis] = (frame[2 + axis] - float(element.get("spacing", 0)) * (len(visible) - 1)) / len(visible)
        for child in children:
            child_frame = frame_of(child)
            if child.tag in ("label", "button") and child_frame and 1 - axis in given:
                found.append((child_frame[3 - axis], given[1 - axis]))
            walk(child, given)

    for objects in root.iter("objects"):
        for top in objects:
            walk(top, {})
            for view in top.findall("view[@key='view']"):
                walk(view, {})
    return found


def rounded(value, scale, tie):
    pixels = round(value * scale * 1e6) / 1e6
    low = math.floor(pixels)
    if abs(pixels - low - 0.5) > 1e-9:
        return math.floor(pixels + 0.5) / scale
    up = {"up": True, "down": False, "away": pixels > 0}[tie]
    return (low + 1 if up else low) / scale


def candidates(lo, hi, parent_raw, parent_stored, scale):
    size = hi - lo
    rules = {}
    for tie in ("away", "up", "down"):
        rules[f"edges in root coordinates, ties {tie}"] = (rounded(lo, scale, tie), rounded(hi, scale, tie))
        a = parent_stored + rounded(lo - parent_raw, scale, tie)
        rules[f"edges in the superview's coordinates, ties {tie}"] = (a, parent_stored + rounded(hi - parent_raw, scale, tie))
        a = rounded(lo, scale, tie)
        rules[f"origin and size apart (root), ties {tie}"] = (a, a + rounded(size, scale, tie))
        a = parent_stored + rounded(lo - parent_raw, scale, tie)
        rules[f"origin and size apart (superview), ties {tie}"] = (a, a + rounded(size, scale, tie))
    return rules


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trellis", required=True)
    parser.add_argument("--list", action="store_true", help="list the edge pairs Trellis's rule misses")
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    files = sorted(
        os.path.join(d, n) for root in args.dirs for d, _, names in os.walk(root) for n in names
        if n.endswith((".storyboard", ".xib")))
    decisive = collections.Counter()
    decisive_total = 0
    ties = collections.Counter()
    half_points = collections.Counter()
    scratch = tempfile.mkdtemp()
    share_files = collections.defaultdict(set)
    for number, path in enumerate(files, 1):
        for stored_size, share in shared_sizes(path):
            share_files["rounded" if abs(stored_size - share) > 1e-6 else "exact"].add(path)
        if number % 250 == 0:
            print(f"... {number} of {len(files)} files", file=sys.stderr)
        head = open(path, errors="replace").read(1500)
        tools = (re.search(r'toolsVersion="(\d+)', head) or [None, "?"])[1]
        for _, scale, stored, raw in scenes_of(args.trellis, path, scratch):
            tolerance = 1 / scale + 1e-6
            for view, (frame, parent) in raw.items():
                if parent is None or view not in stored or parent not in stored or parent not in raw:
                    continue
                st, pr, ps = stored[view], raw[parent][0], stored[parent]
                off = max(abs(a - b) for a, b in zip(st, frame))
                if scale == 3 and off <= 0.5 + 1e-6:
                    # Half a point is 1.5 pixels at @3x: counted within half a point.
                    for axis in (0, 1):
                        for value, kept in ((frame[axis], st[axis]), (frame[axis] + frame[axis + 2], st[axis] + st[axis + 2])):
                            doubled = value * 2
                            if abs(doubled - round(doubled)) < 1e-6 and round(doubled) % 2 == 1:
                                offset = round((kept - value) * 6)
                                label = {1: "n + 2/3 (nearest pixel)", -3: "n", 3: "n + 1", -1: "n + 1/3"}.get(
                                    offset, f"n + 1/2 {offset:+}/6")
                                half_points[(label, tools[:2] + "xxx")] += 1
                if off > tolerance or max(abs(a - b) for a, b in zip(ps, pr)) > tolerance:
                    continue
                for axis in (0, 1):
                    lo, hi = frame[axis], frame[axis] + frame[axis + 2]
                    slo, shi = st[axis], st[axis] + st[axis + 2]
                    rules = candidates(lo, hi, pr[axis], ps[axis], scale)
                    fits = {k: abs(a - slo) < 1e-3 and abs(b - shi) < 1e-3 for k, (a, b) in rules.items()}
                    if any(fits.values()) and not all(fits.values()):
                        decisive_total += 1
                        decisive.update(k for k, ok in fits.items() if ok)
                    if args.list and not fits["edges in root coordinates, ties away"]:
                        print(
                            f"   missed: {path} {view} {'xy'[axis]} @{scale:g} tools {tools}: solved "
                            f"{lo * scale:.3f}..{hi * scale:.3f} px, stored {slo * scale:.3f}..{shi * scale:.3f} px",
                            file=sys.stderr)
                    for value, kept in ((lo, slo), (hi, shi)):
                        pixels = round(value * scale * 1e6) / 1e6
                        if abs(pixels - math.floor(pixels) - 0.5) < 1e-6:
                            where = "above" if abs(kept * scale - math.ceil(pixels)) < 1e-3 else (
                                "below" if abs(kept * scale - math.floor(pixels)) < 1e-3 else "elsewhere")
                            ties[(f"@{scale:g}", "negative" if pixels < 0 else "positive", where, tools[:2] + "xxx")] += 1
    print(f"1. Edge pairs the candidate rules disagree on: {decisive_total}")
    for rule, count in decisive.most_common():
        print(f"   {count:6}  {rule}")
    print("2. Edges solved exactly half a pixel between two pixels (scale, sign, stored, tools):")
    summary = collections.Counter()
    for (scale, sign, where, tools), count in ties.items():
        summary[(scale, sign, where)] += count
    for key, count in sorted(summary.items()):
        print(f"   {count:6}  {' '.join(key)}")
    for key, count in sorted(ties.items()):
        print(f"   {count:6}    of them {' '.join(key)}")
    print("3. Edges at n + 0.5 pt at @3x, stored at (by tools version):")
    for key, count in sorted(half_points.items()):
        print(f"   {count:6}  {key[0]}  tools {key[1]}")
    every = share_files["rounded"] | share_files["exact"]
    print(f"4. Files with labels or buttons across a fill-aligned row of a fill-equally stack: {len(every)}; "
          f"stored other than at the exact share (rounded, or stale) in {len(share_files['rounded'])}:")
    for path in sorted(share_files["rounded"]):
        print(f"          {path}")


if __name__ == "__main__":
    main()
