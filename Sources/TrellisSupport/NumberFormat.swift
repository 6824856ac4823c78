import Foundation

/// Every way Trellis prints a number, one per purpose, so that the same value reads the same in
/// every message, file and table.
package enum NumberFormat {
  /// Exactly (the shortest text that reads back as the same `Double`), without a trailing `.0`:
  /// `8`, `0.1`, `1e+20`; NaN and infinities as `nan`, `inf`, `-inf`. For messages about a value
  /// the user wrote, where rounding could put an out-of-range value onto the bound it broke
  /// ("priority 1000 is out of range").
  package static func exact(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// A JSON number, exactly as ``exact(_:)`` (so a file reads back to the same `Double`), with
  /// `-0` as `0` and `null` for NaN and infinities, which JSON cannot spell.
  package static func json(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == 0 { return "0" }
    return exact(value)
  }

  /// `8`, `12.5`, `92.333`: whole numbers without a fraction, others rounded to 3 decimals
  /// (`-0` prints as `0`; NaN and infinities as `nan`, `inf`, `-inf`). For frames and values a
  /// layout computed, in messages, tables and pictures. From 1e15 on every Double is whole and
  /// prints as ``exact(_:)`` does (`5e+307`): rounding there would multiply by 1000, which
  /// overflows above 1.8e305 and printed finite values as `inf`.
  package static func short(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    guard abs(value) < 1e15 else { return "\(value)" }
    // Whole first: value * 1000 / 1000 is not exact near 1e15 (123456789012345 → …344.98).
    if value == value.rounded() { return String(Int64(value)) }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }

  /// Exactly `decimals` digits after the point, as C's `%.Nf` prints them
  /// (`fixed(2.5, decimals: 1)` is `2.5`, `fixed(2, decimals: 2)` is `2.00`): for columns of a
  /// table and figures in a report, where the digits line up.
  package static func fixed(_ value: Double, decimals: Int) -> String {
    String(format: "%.\(max(0, decimals))f", value)
  }
}

extension String {
  /// The string followed by spaces up to `width` characters (unchanged when already as long).
  package func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

/// ``NumberFormat/exact(_:)``, in the short spelling messages interpolate.
package func fmtExact(_ value: Double) -> String { NumberFormat.exact(value) }

/// ``NumberFormat/short(_:)``, in the short spelling messages interpolate.
package func fmt(_ value: Double) -> String { NumberFormat.short(value) }
