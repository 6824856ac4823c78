/// Short number formatting shared by the text renderers.
enum NumberFormat {
  /// `8`, `12.5`, `92.333`: whole numbers without a fraction, others rounded to 3 decimals
  /// (`-0` prints as `0`; NaN and infinities as `nan`, `inf`, `-inf`). From 1e15 on every Double
  /// is whole and prints as JSON prints it (`5e+307`): rounding there would multiply by 1000,
  /// which overflows above 1.8e305 and printed finite values as `inf`.
  static func short(_ value: Double) -> String {
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
  func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
