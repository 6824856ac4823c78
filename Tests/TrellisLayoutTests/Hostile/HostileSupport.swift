import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

// Helpers for the hostile-input tests. Names start with `hostile` so they cannot collide with
// the other test helpers of this module.

/// Reads layout text as the file `hostile.json`.
func hostileRead(_ text: String, limits: ReaderLimits = ReaderLimits()) -> LayoutReadResult {
  LayoutReader.parse(text, file: "hostile.json", limits: limits)
}

/// `line:column: severity: message` per diagnostic (`-` for no location).
func hostileSummary(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { d in
    "\(d.location.map { "\($0.line):\($0.column)" } ?? "-"): \(d.severity.rawValue): \(d.message)"
  }
}

/// Where the `occurrence`-th `needle` starts in `text`, as `line:column` with columns counted
/// in Unicode scalars from 1 and lines split at `\n` — worked out here by counting, not by the
/// reader.
func hostilePosition(of needle: String, in text: String, occurrence: Int = 1) -> String {
  let scalars = Array(text.unicodeScalars)
  let wanted = Array(needle.unicodeScalars)
  var found = 0
  var line = 1
  var column = 1
  for index in scalars.indices {
    if index + wanted.count <= scalars.count, Array(scalars[index..<(index + wanted.count)]) == wanted {
      found += 1
      if found == occurrence { return "\(line):\(column)" }
    }
    if scalars[index] == "\n" {
      line += 1
      column = 1
    } else {
      column += 1
    }
  }
  return "not found"
}

/// A layout file: views a and b in the root, then `constraints` (a JSON array body) on line 2.
func hostileLayout(views: String = "{\"id\": \"a\"}, {\"id\": \"b\"}", _ constraints: String) -> String {
  "{\"root\": {\"children\": [\(views)]},\n\"constraints\": [\(constraints)]}"
}

/// An iPhone-sized environment (375 × 667, wC hR, scale 1, no safe area).
let hostilePhone = environment(375, 667, wChR)
