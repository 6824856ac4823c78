#!/usr/bin/env python3
"""Writes Sources/TrellisText/BuiltinMetricsInter.swift: the advance widths of U+0020…U+00FF in
Inter and Inter Display, all nine weights, in font units, read from the font files (standard
library only: the table directory, head, hhea, hmtx, cmap and name tables).

Usage: generate-builtin-metrics.py INTERDIR > Sources/TrellisText/BuiltinMetricsInter.swift
  INTERDIR holds Inter-Regular.otf … and InterDisplay-Regular.otf … (Debian's fonts-inter:
  `apt-get download fonts-inter && dpkg -x fonts-inter_*.deb DIR`, then
  DIR/usr/share/fonts/opentype/inter).

Only numbers leave the font: no outlines, no other tables. Kerning is left out: on the stored
sizes it changed the mean width error by 0.04 pt (docs/text-fidelity.md)."""

import struct
import sys
from pathlib import Path

WEIGHTS = [(100, "Thin"), (200, "ExtraLight"), (300, "Light"), (400, "Regular"), (500, "Medium"),
           (600, "SemiBold"), (700, "Bold"), (800, "ExtraBold"), (900, "Black")]
FIRST, LAST = 0x20, 0xFF  # the table covers U+0020…U+00FF; C1 controls (U+007F…U+009F) are 0


def tables(data):
    count = struct.unpack_from(">H", data, 4)[0]
    found = {}
    for index in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        found[tag.decode("latin-1")] = data[offset:offset + length]
    return found


def character_map(cmap):
    """Code point → glyph for U+0020…U+00FF, from the Unicode subtable (format 4 or 12)."""
    count = struct.unpack_from(">H", cmap, 2)[0]
    records = [struct.unpack_from(">HHI", cmap, 4 + 8 * i) for i in range(count)]
    for platform, encoding, offset in sorted(records, key=lambda r: (r[0] != 3, r[1] != 10)):
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4)):
            continue
        table = cmap[offset:]
        form = struct.unpack_from(">H", table, 0)[0]
        result = {}
        if form == 4:
            segments = struct.unpack_from(">H", table, 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", table, 14)
            starts = struct.unpack_from(f">{segments}H", table, 16 + 2 * segments)
            deltas = struct.unpack_from(f">{segments}h", table, 16 + 4 * segments)
            range_base = 16 + 6 * segments
            offsets = struct.unpack_from(f">{segments}H", table, range_base)
            for code in range(FIRST, LAST + 1):
                for i in range(segments):
                    if starts[i] <= code <= ends[i]:
                        if offsets[i] == 0:
                            glyph = (code + deltas[i]) & 0xFFFF
                        else:
                            at = range_base + 2 * i + offsets[i] + 2 * (code - starts[i])
                            glyph = struct.unpack_from(">H", table, at)[0]
                            glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
                        if glyph:
                            result[code] = glyph
                        break
            return result
        if form == 12:
            groups = struct.unpack_from(">I", table, 12)[0]
            for i in range(groups):
                start, end, glyph = struct.unpack_from(">III", table, 16 + 12 * i)
                for code in range(max(start, FIRST), min(end, LAST) + 1):
                    result[code] = glyph + code - start
            return result
    raise SystemExit("no Unicode cmap subtable")


def name(table, wanted):
    count, strings = struct.unpack_from(">HH", table, 2)
    for i in range(count):
        platform, encoding, _, name_id, length, offset = struct.unpack_from(">6H", table, 6 + 12 * i)
        if name_id == wanted and platform == 3 and encoding in (1, 10):
            return table[strings + offset:strings + offset + length].decode("utf-16-be")
    return None


def read(path):
    data = path.read_bytes()
    t = tables(data)
    units = struct.unpack_from(">H", t["head"], 18)[0]
    metrics_count = struct.unpack_from(">H", t["hhea"], 34)[0]
    hmtx = t["hmtx"]
    def advance(glyph):
        return struct.unpack_from(">H", hmtx, 4 * min(glyph, metrics_count - 1))[0]
    cmap = character_map(t["cmap"])
    widths = [advance(cmap[code]) if code in cmap else 0 for code in range(FIRST, LAST + 1)]
    return {"units": units, "widths": widths, "copyright": name(t["name"], 0),
            "version": name(t["name"], 5), "license": name(t["name"], 13), "licenseURL": name(t["name"], 14)}


def swift_array(values, indent):
    lines, line = [], []
    for value in values:
        line.append(str(value))
        if len(line) == 16:
            lines.append(indent + ", ".join(line) + ",")
            line = []
    if line:
        lines.append(indent + ", ".join(line) + ",")
    return "\n".join(lines)


def main():
    folder = Path(sys.argv[1])
    faces = {}
    for prefix in ("Inter", "InterDisplay"):
        for weight, style in WEIGHTS:
            faces[(prefix, weight)] = read(folder / f"{prefix}-{style}.otf")
    regular = faces[("Inter", 400)]
    display = faces[("InterDisplay", 400)]
    units = {}
    for (prefix, _), face in faces.items():
        units.setdefault(prefix, set()).add(face["units"])
    if any(len(values) != 1 for values in units.values()):
        raise SystemExit(f"weights of one family disagree on unitsPerEm: {units}")
    out = []
    out.append("// Generated by scripts/text-fidelity/generate-builtin-metrics.py; do not edit by hand.")
    out.append(f"// From Inter ({regular['version']}) and Inter Display ({display['version']}),")
    out.append("// the OpenType files of Debian's fonts-inter 4.0~beta7+ds-1.")
    out.append("//")
    out.append("// Metrics of Inter (https://github.com/rsms/inter): only advance widths, no outlines.")
    out.append(f"// {regular['copyright']}")
    out.append(f"// {regular['license'] or 'Licensed under the SIL Open Font License, Version 1.1.'}")
    if regular["licenseURL"]:
        out.append(f"// License: {regular['licenseURL']}")
    out.append("")
    out.append("extension BuiltinMetrics {")
    out.append("  /// Inter (below 20 pt) and Inter Display (from 20 pt): advance widths in font units of")
    out.append("  /// U+0020…U+00FF (index = code point − 0x20; 0 = no glyph), by weight class.")
    out.append("  static let inter = BuiltinMetrics(")
    out.append(f"    textUnitsPerEm: {min(units['Inter'])},")
    out.append(f"    displayUnitsPerEm: {min(units['InterDisplay'])},")
    for label, prefix in (("text", "Inter"), ("display", "InterDisplay")):
        out.append(f"    {label}: [")
        for weight, style in WEIGHTS:
            out.append(f"      // {prefix}-{style}")
            out.append(f"      {weight}: [")
            out.append(swift_array(faces[(prefix, weight)]["widths"], "        "))
            out.append("      ],")
        out.append("    ]" + ("," if label == "text" else ""))
    out.append("  )")
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
