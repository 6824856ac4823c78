#!/usr/bin/env python3
"""The safe-area insets Interface Builder stored, by device id and Xcode version (toolsVersion).

Reads every version of every .storyboard and .xib in the git mirrors given (each OWNER+NAME/repo,
as the `fetch` tool leaves them), except the held-out files of the import survey's manifest
(Tests/Fixtures/import/survey/manifest.tsv), and for each scene root whose stored frames say where
its safe area was: a required `view.top == safeArea.top + c` (or the old top layout guide's bottom)
with the view's frame not marked misplaced or ambiguous by IB gives top = y - c; likewise bottom.
A scene counts only when all such constraints agree (within half a point). Prints, per device id,
orientation, bars IB showed (none / navigation / tab) and tools era, the insets seen and how many
scenes saw each, and the root sizes stored per device id. docs/import.md cites its output.

    scripts/ib-environment-survey.py [--mirrors /work/.mirror] [--manifest TSV] [--roots] [--list]
"""
import argparse
import collections
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

def era(tools):
    """Xcode version of a toolsVersion's major part (Apple's build numbers, as IB writes them)."""
    if tools < 11000: return "<=7"
    if tools < 13000: return "8"
    if tools < 14400: return "9"
    if tools < 14800: return "10"
    if tools < 17000: return "11"
    if tools < 19000: return "12"
    if tools < 20100: return "13"
    if tools < 22000: return "14"
    if tools < 24000: return "15"
    if tools < 30000: return "16"
    return "placeholder"

def blobs(mirror, held_out):
    git = ["git", "-C", mirror]
    out = subprocess.run(git + ["rev-list", "--all", "--objects"], capture_output=True, text=True).stdout
    seen = set()
    for line in out.splitlines():
        parts = line.split(" ", 1)
        if len(parts) != 2: continue
        sha, path = parts
        if not (path.endswith(".storyboard") or path.endswith(".xib")): continue
        if path in held_out or sha in seen: continue
        seen.add(sha)
        yield sha, path

def flag(e):
    return e.get("misplaced") == "YES" or e.get("ambiguous") == "YES"

def scenes(root):
    """(root view, controller or None) of each scene."""
    if root.get("type", "").endswith("Storyboard.XIB"):
        for scene in root.iter("scene"):
            objects = scene.find("objects")
            if objects is None: continue
            for o in objects:
                view = next((c for c in o if c.get("key") == "view"), None)
                if view is not None and view.tag == "view": yield view, o
    else:
        objects = root.find("objects")
        if objects is None: return
        for o in objects:
            if o.tag == "view": yield o, None

def bars(root, controller, view):
    """'none', 'nav', 'tab', 'nav+tab' or None (unknown), as IB simulates them for the scene."""
    if controller is None:
        metrics = [c for c in view if c.get("key") in ("simulatedTopBarMetrics", "simulatedBottomBarMetrics")]
        if any(c.tag != "nil" for c in metrics): return None
        return "none"
    cid = controller.get("id")
    nav = controller.find("navigationItem") is not None
    tab = False
    shown = False
    for other in root.iter():
        for segue in other.iter("segue"):
            if segue.get("destination") != cid: continue
            if segue.get("kind") == "relationship" and segue.get("relationship") == "rootViewController": nav = True
            if segue.get("kind") == "relationship" and segue.get("relationship") == "viewControllers": tab = True
            if segue.get("kind") in ("show", "push"): shown = True
    for c in controller:
        if c.get("key") == "simulatedTopBarMetrics": nav = c.tag != "nil" and (nav or c.tag == "simulatedNavigationBarMetrics")
        if c.get("key") == "simulatedBottomBarMetrics":
            if c.tag != "nil": return None
    if controller.find("size[@key='freeformSize']") is not None: return None
    explicit = any(c.get("key") == "simulatedTopBarMetrics" for c in controller)
    if shown and not explicit:
        # Pushed with a show segue: the bars it inherits are what is measured, so it is a row of its own.
        return "shown" + ("+navitem" if controller.find("navigationItem") is not None else "")
    return "+".join([n for n, on in (("nav", nav), ("tab", tab)) if on]) or "none"

def insets(view, controller):
    """(top, bottom) the stored frames imply, each None when nothing (or nothing consistent) says."""
    safe = {g.get("id") for g in view.findall("viewLayoutGuide") if g.get("key") == "safeArea"}
    top_guides, bottom_guides = set(), set()
    if controller is not None:
        for g in controller.iter("viewControllerLayoutGuide"):
            (bottom_guides if g.get("type") == "bottom" else top_guides).add(g.get("id"))
    frames, stale = {}, set()
    root_rect = view.find("rect[@key='frame']")
    if root_rect is None: return None, None, None
    height = float(root_rect.get("height"))
    def walk(e, ox, oy, parent_stale):
        r = e.find("rect[@key='frame']")
        x, y = (0.0, 0.0) if e is view else (ox + float(r.get("x", 0)), oy + float(r.get("y", 0))) if r is not None else (None, None)
        if x is None: return
        h = float(r.get("height", 0)) if r is not None else 0
        frames[e.get("id")] = (x, y, h)
        s = parent_stale or flag(e)
        if s: stale.add(e.get("id"))
        subs = e.find("subviews")
        for c in (subs if subs is not None else []): walk(c, x, y, s)
    walk(view, 0, 0, False)
    tops, bottoms = [], []
    for c in view.iter("constraint"):
        if c.get("relation") not in (None, "equal") or c.get("priority") not in (None, "1000") or c.get("multiplier"):
            continue
        first, second = c.get("firstItem"), c.get("secondItem")
        fa, sa = c.get("firstAttribute"), c.get("secondAttribute")
        k = float(c.get("constant", 0))
        for guide, other, ga, oa, d in ((second, first, sa, fa, k), (first, second, fa, sa, -k)):
            # view.oa == guide.ga + d
            if other is None or other not in frames or other in stale: continue
            x, y, h = frames[other]
            if guide in safe and ga == oa == "top": tops.append(y - d)
            if guide in top_guides and ga == "bottom" and oa == "top": tops.append(y - d)
            if guide in safe and ga == oa == "bottom": bottoms.append(height - (y + h) + d)
            if guide in bottom_guides and ga == "top" and oa == "bottom": bottoms.append(height - (y + h) + d)
    def settle(values):
        if not values: return None
        return round(values[0], 2) if all(abs(v - values[0]) < 0.5 for v in values) else "?"
    return settle(tops), settle(bottoms), (float(root_rect.get("width")), height)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--manifest", default=os.path.join(os.path.dirname(__file__), "..", "Tests/Fixtures/import/survey/manifest.tsv"))
    ap.add_argument("--roots", action="store_true", help="also print the root sizes stored per device id")
    ap.add_argument("--list", action="store_true", help="print every observation")
    ap.add_argument("--rules", action="store_true", help="count the observations each importer rule fits and contradicts")
    args = ap.parse_args()
    held_out = collections.defaultdict(set)
    for line in open(args.manifest):
        if line.startswith("#"): continue
        repo, commit, path, half = line.rstrip("\n").split("\t")
        if half == "held-out": held_out[repo.replace("/", "+")].add(path)
    table = collections.defaultdict(collections.Counter)
    verdicts = collections.defaultdict(lambda: {"fits": [], "contradicts": []})
    roots = collections.defaultdict(collections.Counter)
    for name in sorted(os.listdir(args.mirrors)):
        mirror = os.path.join(args.mirrors, name, "repo")
        if not os.path.isdir(mirror): continue
        for sha, path in blobs(mirror, held_out[name]):
            data = subprocess.run(["git", "-C", mirror, "cat-file", "-p", sha], capture_output=True).stdout
            try: root = ET.fromstring(data)
            except ET.ParseError: continue
            if root.tag != "document" or not root.get("targetRuntime", "").startswith("iOS"): continue
            tools = int("".join(ch for ch in root.get("toolsVersion", "0").split(".")[0] if ch.isdigit()) or 0)
            device = root.find("device")
            did = device.get("id") if device is not None else "none"
            orient = device.get("orientation", "portrait") if device is not None else "portrait"
            kind = "storyboard" if root.get("type", "").endswith("Storyboard.XIB") else "xib"
            for view, controller in scenes(root):
                freeform = view.find("freeformSimulatedSizeMetrics") is not None
                if flag(view): continue
                b = bars(root, controller, view)
                top, bottom, size = insets(view, controller)
                if size and kind == "storyboard" and not freeform and b == "none":
                    roots[(did, orient)][size] += 1
                if b is None or (top is None and bottom is None): continue
                what = kind + (" freeform" if freeform else "")
                key = (did, orient, what, b, era(tools))
                table[key][(top, bottom)] += 1
                if args.list: print(name, path, sha[:8], tools, key, top, bottom, size, file=sys.stderr)
                if args.rules:
                    rule, want = expected(did, orient, what, b, tools)
                    if rule is None or top in (None, "?"): continue
                    fit = abs(top - want) < 0.5
                    verdicts[rule]["fits" if fit else "contradicts"].append((name, path, tools, top))
    print("device\torientation\tkind\tbars\tXcode\t(top, bottom): scenes")
    for key in sorted(table):
        print("\t".join(key) + "\t" + ", ".join(f"{tb}: {n}" for tb, n in table[key].most_common()))
    if args.rules:
        print("\nrule\tfits: scenes (files)\tcontradicts: scenes (files)\tcontradicting files")
        for rule in sorted(verdicts):
            v = verdicts[rule]
            files = lambda xs: len({(n, p) for n, p, _, _ in xs})
            odd = sorted({f"{n.split('+')[1]}:{p.split('/')[-1]}@{t}={top:g}" for n, p, t, top in v["contradicts"]})
            print(f"{rule}\t{len(v['fits'])} ({files(v['fits'])})\t{len(v['contradicts'])} ({files(v['contradicts'])})\t{', '.join(odd[:8])}")
    if args.roots:
        print("\ndevice\torientation\troot sizes stored (storyboard scenes without bars): scenes")
        for key in sorted(roots):
            print("\t".join(key) + "\t" + ", ".join(f"{w:g}x{h:g}: {n}" for (w, h), n in roots[key].most_common()))

# The importer's rules (Sources/TrellisImport/InterfaceBuilder/IBEnvironment.swift) for the top
# inset of a scene without bars, or pushed under a navigation bar by a show segue.
NOTCH_TOP = {"retina5_9": 50, "retina6_1": 48, "retina6_5": 44, "retina5_4": 50, "retina6_0": 47,
             "retina6_12": 59, "retina6_72": 59, "retina6_3": 62}
HOME_BUTTON = {"retina3_5", "retina4_0", "retina4_7", "retina5_5", "ipad9_7", "ipad10_2", "ipad10_5"}

def expected(device, orientation, kind, bars, tools):
    """(rule name, expected top) for what the importer's rules cover, else (None, None)."""
    era = "11-13" if 14800 <= tools < 21000 else "<=10" if tools < 14800 else "16" if 24000 <= tools < 32700 else "14-15"
    if tools == 0 or device == "none": return None, None
    nav = 44 if bars.startswith("shown") and "navitem" not in bars else 0
    if bars not in ("none",) and not nav: return None, None
    if kind.endswith("freeform"):
        if era in ("<=10", "11-13") or tools < 22000: return "freeform xib views: no insets to Xcode 14", 0
        kind = "xib"
    if device in HOME_BUTTON:
        if orientation == "landscape" and device.startswith("retina"): return "home button, landscape: 0", 0 + nav
        status = 0 if era == "11-13" else 20
        idiom = "iPad" if device.startswith("ipad") else "iPhone"
        rule = f"home-button {idiom}: status bar 20, none in Xcode 11-13" + (", +44 pushed" if nav else "")
        return rule, status + nav
    if device.startswith("retina") and orientation == "portrait":
        if era in ("<=10", "11-13"): return "notch iPhone: 44 to Xcode 13" + (", +44 pushed" if nav else ""), 44 + nav
        top = NOTCH_TOP.get(device)
        if top is None: return None, None
        if era == "16": return "notch iPhone: doubled by Xcode 16", 2 * top + nav
        return "notch iPhone: the device's own from Xcode 14" + (", +44 pushed" if nav else ""), top + nav
    return None, None

if __name__ == "__main__":
    main()
