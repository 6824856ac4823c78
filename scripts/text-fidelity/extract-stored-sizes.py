#!/usr/bin/env python3
"""Finds one-line labels and system buttons whose stored Interface Builder frame is their
intrinsic size, in storyboards and xibs of git repositories, and prints them as the JSON
document Tests/Fixtures/text-sizes/stored-label-sizes.json (facts only, no XML).

Usage: extract-stored-sizes.py OWNER/NAME=GITDIR [...]  (reads each repository's HEAD)

A view qualifies when every one of these holds (each is why its stored size is intrinsic):
- a <label> with numberOfLines 1 and plain `text` (no attributed text, no newline), or a
  <button> of type system/roundedRect with a plain normal-state title, no image, no content or
  title insets and no iOS 15 button configuration;
- its font is the system font (type system / boldSystem, optionally with a weight), not a text
  style or a named font;
- the document names its device (Xcode 8 or later, so the system font is San Francisco and the
  scale is known);
- the view is laid out by Auto Layout (it has constraints on both axes, is not fixedFrame) and IB
  did not flag it misplaced or ambiguous;
- no constraint anywhere in the document involves its width (height) (no size, equal-size or
  aspect-ratio constraint), and exactly one equality holds one of its horizontal (vertical)
  edges, baselines or centre, so nothing but its content can set that size (an inequality can
  only do so when the text does not fit; those are named in `why`);
- it has no size-class variation (which could change its font or text);
- it is not an arranged view of a stack view, or it is one in a stack that is itself free on that
  axis and neither equalizes nor stretches its views on it (see free_in_stack).
Each axis is judged on its own: a sample lists the axes whose stored size is intrinsic.
Only facts are printed: the text, font, stored size and where it was found; no XML."""

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

# Interface Builder device ids and their scale (the iPhone and iPad screens they simulate).
DEVICE_SCALE = {
    "retina3_5": 2, "retina4_0": 2, "retina4_7": 2, "retina5_5": 3, "retina5_9": 3,
    "retina6_1": 2, "retina6_5": 3, "retina6_12": 3, "retina6_72": 3, "retina6_0": 3,
    "retina6_3": 3, "retina6_9": 3, "retina5_4": 3,
    "ipad9_7": 2, "ipad10_2": 2, "ipad10_5": 2, "ipad10_9": 2, "ipad11": 2, "ipad12_9": 2,
    "ipad12_9rounded": 2, "ipad11_0rounded": 2, "ipad7_9": 2, "ipad8_3": 2,
}

HORIZONTAL = {"leading", "trailing", "left", "right", "centerX"}
VERTICAL = {"top", "bottom", "centerY", "baseline", "firstBaseline", "lastBaseline"}


def base_attribute(name):
    for suffix in ("WithinMargins", "Margin"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def git(gitdir, *args):
    return subprocess.run(["git", "--git-dir", gitdir, *args], capture_output=True, check=True).stdout


def font_of(element):
    font = element.find("fontDescription")
    if font is None or font.get("key") != "fontDescription":
        return None
    kind = font.get("type")
    if kind not in ("system", "boldSystem") or font.get("name") or font.get("style"):
        return None
    weight = font.get("weight", "bold" if kind == "boldSystem" else "regular")
    if kind == "boldSystem" and font.get("weight"):
        return None
    return {"weight": weight, "size": float(font.get("pointSize"))}


def samples(repo, gitdir):
    commit = git(gitdir, "rev-parse", "HEAD").decode().strip()
    paths = git(gitdir, "ls-tree", "-r", "--name-only", "HEAD").decode().splitlines()
    for path in paths:
        if not (path.endswith(".storyboard") or path.endswith(".xib")):
            continue
        try:
            root = ET.fromstring(git(gitdir, "show", f"HEAD:{path}"))
        except (ET.ParseError, subprocess.CalledProcessError):
            continue
        device = root.find("device")
        if device is None or device.get("id") not in DEVICE_SCALE:
            continue
        tools = root.get("toolsVersion")
        parents = {child: parent for parent in root.iter() for child in parent}
        # Every (view id, attribute) any constraint uses; a constraint without firstItem
        # belongs to the view whose <constraints> holds it.
        used, bounded = {}, {}
        for constraint in root.iter("constraint"):
            # An inequality cannot set a size while the content fits; it is reported in `why`.
            target = bounded if constraint.get("relation") else used
            owner = parents.get(parents.get(constraint))
            first = constraint.get("firstItem") or (owner.get("id") if owner is not None else None)
            for item, attribute in ((first, constraint.get("firstAttribute")),
                                    (constraint.get("secondItem"), constraint.get("secondAttribute"))):
                if item and attribute:
                    target.setdefault(item, set()).add(base_attribute(attribute))
        for element in root.iter():
            if element.tag not in ("label", "button"):
                continue
            sample = describe(element, parents, used, bounded)
            if sample is None:
                continue
            sample["scale"] = DEVICE_SCALE[device.get("id")]
            sample["device"] = f"{device.get('id')} {device.get('orientation', 'portrait')}"
            sample["source"] = {"repository": repo, "commit": commit, "path": path,
                                "id": element.get("id"), "toolsVersion": tools}
            yield sample


AXES = (("width", HORIZONTAL, "horizontal"), ("height", VERTICAL, "vertical"))


def free_axis(view_id, size, edges, used, bounded):
    """Why nothing but the view's content sets its size on one axis, or None: no constraint on
    that size (of any relation) and exactly one equality on that axis's edges, baselines or
    centre, so Auto Layout places it but does not size it."""
    if size in used.get(view_id, set()) | bounded.get(view_id, set()):
        return None
    equalities = used.get(view_id, set()) & edges
    if len(equalities) != 1:
        return None
    reason = f"{size}: only one equality on that axis ({next(iter(equalities))})"
    extra = sorted((bounded.get(view_id, set()) & edges) - equalities)
    if extra:
        reason += ", inequalities on " + ", ".join(extra)
    return reason


def free_in_stack(stack, parents, size, edges, axis_name, used, bounded):
    """Why an arranged view keeps its content size on one axis, or None: the stack must itself
    be free on that axis (not arranged in another stack) and must not equalize its views along
    its axis (distribution fill or equalSpacing) nor stretch them across it (alignment fill)."""
    grand = parents.get(parents.get(stack))
    if grand is not None and grand.tag == "stackView":
        return None
    if free_axis(stack.get("id"), size, edges, used, bounded) is None:
        return None
    along = stack.get("axis", "horizontal") == axis_name
    distribution, alignment = stack.get("distribution", "fill"), stack.get("alignment", "fill")
    if along and distribution not in ("fill", "equalSpacing"):
        return None
    if not along and alignment == "fill":
        return None
    return (f"{size}: arranged in a {stack.get('axis', 'horizontal')} stack (distribution "
            f"{distribution}, alignment {alignment}) whose {size} only its content sets")


def describe(element, parents, used, bounded):
    view_id = element.get("id")
    if element.get("misplaced") == "YES" or element.get("ambiguous") == "YES":
        return None
    if element.get("fixedFrame") == "YES":
        return None
    # Size-class variations can change the font or text; the stored frame is for one of them.
    if element.find("variation") is not None:
        return None
    parent = parents.get(parents.get(element))
    arranged = parent is not None and parent.tag == "stackView"
    reasons = {}
    for size, edges, axis_name in AXES:
        if arranged:
            if used.get(view_id) or bounded.get(view_id):
                continue  # its own constraints would fight the stack's: not worth modelling
            reason = free_in_stack(parent, parents, size, edges, axis_name, used, bounded)
        else:
            # Laid out by Auto Layout on both axes, or its frame is whatever was drawn.
            constrained = lambda e: (used.get(view_id, set()) | bounded.get(view_id, set())) & e
            if not constrained(HORIZONTAL | {"width"}) or not constrained(VERTICAL | {"height"}):
                return None
            reason = free_axis(view_id, size, edges, used, bounded)
        if reason:
            reasons[size] = reason
    if not reasons:
        return None
    font = font_of(element)
    if font is None:
        return None
    if element.tag == "label":
        if element.get("numberOfLines", "1") != "1" or element.find("attributedString") is not None:
            return None
        text = element.get("text")
        kind = "label"
    else:
        if element.get("buttonType") not in ("system", "roundedRect"):
            return None
        if element.find("buttonConfiguration") is not None:
            return None
        if any(child.tag == "inset" for child in element):
            return None
        normal = [s for s in element.findall("state") if s.get("key") == "normal"]
        if len(normal) != 1 or normal[0].get("image") or normal[0].get("backgroundImage"):
            return None
        if normal[0].find("attributedString") is not None:
            return None
        text = normal[0].get("title")
        kind = "button"
    # Latin-1 text only: emoji and other scripts come from fallback fonts on iOS.
    if not text or any(ord(c) < 0x20 or ord(c) > 0xFF for c in text):
        return None
    frame = next((r for r in element.findall("rect") if r.get("key") == "frame"), None)
    if frame is None:
        return None
    return {"text": text, "kind": kind, "font": font,
            "stored": {"width": float(frame.get("width")), "height": float(frame.get("height"))},
            "intrinsic": sorted(reasons), 
            "why": "one line, system font, not flagged misplaced or ambiguous; " + "; ".join(reasons[k] for k in sorted(reasons))}


def main():
    found = []
    for argument in sys.argv[1:]:
        repo, gitdir = argument.split("=", 1)
        found.extend(samples(repo, gitdir))
    # One sample per repository for the same facts: storyboards copied between folders of one
    # repository (lecture after lecture) would otherwise count several times.
    unique, seen = [], set()
    for sample in sorted(found, key=lambda s: (s["source"]["repository"], s["source"]["path"], s["source"]["id"])):
        key = (sample["source"]["repository"], sample["text"], sample["kind"], sample["font"]["weight"],
               sample["font"]["size"], sample["stored"]["width"], sample["stored"]["height"],
               sample["scale"], tuple(sample["intrinsic"]))
        if key not in seen:
            seen.add(key)
            unique.append(sample)
    for sample in unique:
        for axis in ("width", "height"):
            sample["stored"][axis] = round(sample["stored"][axis], 3)
    document = {
        "about": ("Stored Interface Builder frames of one-line labels and system buttons whose size "
                  "nothing but their text sets, in the iOS system font. Facts read from public "
                  "storyboards and xibs by scripts/text-fidelity/extract-stored-sizes.py; see "
                  "docs/text-fidelity.md."),
        "samples": unique,
    }
    json.dump(document, sys.stdout, ensure_ascii=False, indent=1)
    print()


if __name__ == "__main__":
    main()
