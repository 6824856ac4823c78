/// Short number formatting shared by the text renderers.
package enum NumberFormat {
  /// `8`, `12.5`, `92.333`: whole numbers without a fraction, others rounded to 3 decimals
  /// (`-0` prints as `0`; NaN and infinities as `nan`, `inf`, `-inf`). From 1e15 on every Double
  /// is whole and prints as JSON prints it (`5e+307`): rounding there would multiply by 1000,
  /// which overflows above 1.8e305 and printed finite values as `inf`.
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
}

extension String {
  /// The string followed by spaces up to `width` characters (unchanged when already as long).
  package func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

/// Prints a number exactly (the shortest text that reads back as the same `Double`), without
/// a trailing `.0`: for messages about a value the user wrote, where rounding could put an
/// out-of-range value onto the bound it broke ("priority 1000 is out of range").
package func fmtExact(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return "\(value)"
}

/// Prints a number the short way: `8`, `12.5`, `92.333`.
package func fmt(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  // Beyond 1e15 every Double is whole and needs no rounding; `value * 1000` would overflow to
  // infinity above 1.8e305 and print 1e308 as "inf".
  if value.isFinite, abs(value) < 1e15 {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }
  return "\(value)"
}
