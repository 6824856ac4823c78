/// A font's `trak` table, normal track: extra space after every glyph, per point size.
///
/// Apple's TrueType Reference Manual, 'trak': a header (version, format 0, offsets to horizontal
/// and vertical track data), then per direction `nTracks`, `nSizes`, an offset to the point sizes
/// (Fixed) and one entry per track (its value as Fixed — 0 is "normal" —, a name, an offset to
/// `nSizes` FWord values). CoreText applies the normal track at the text's size, which is how
/// the system font gets its size-specific tracking. Between listed sizes the value is
/// interpolated linearly; outside them the nearest end value is kept (the manual leaves this to
/// the text engine; unsourced).
public struct TrackingTable: Hashable, Sendable {
  /// The point sizes the table lists, ascending.
  public let sizes: [Double]
  /// The normal track's value at each size, in font units.
  public let values: [Double]

  /// Reads the horizontal normal track; nil when the table is absent, malformed or has none (the
  /// font is then measured without tracking, as a text engine ignoring a broken table would).
  init?(_ table: TableData?) {
    guard let table, table.u32(0) == 0x0001_0000, table.u16(4) == 0,
      let horizontal = table.u16(6).map(Int.init), horizontal != 0,
      let tracks = table.u16(horizontal).map(Int.init), let count = table.u16(horizontal + 2).map(Int.init),
      let sizeOffset = table.u32(horizontal + 4).map(Int.init), count > 0, count <= 64, tracks <= 64
    else { return nil }
    var sizes: [Double] = []
    for index in 0..<count {
      guard let fixed = table.u32(sizeOffset + 4 * index) else { return nil }
      sizes.append(Double(Int32(bitPattern: fixed)) / 65536)
    }
    guard zip(sizes, sizes.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
    for track in 0..<tracks {
      let entry = horizontal + 8 + 8 * track
      guard let value = table.u32(entry), let offset = table.u16(entry + 6).map(Int.init) else { return nil }
      guard value == 0 else { continue }
      var values: [Double] = []
      for index in 0..<count {
        guard let unit = table.i16(offset + 2 * index) else { return nil }
        values.append(Double(unit))
      }
      self.sizes = sizes
      self.values = values
      return
    }
    return nil
  }

  /// The normal track at `size` points, in font units.
  public func value(atSize size: Double) -> Double {
    guard let first = sizes.first, let last = sizes.last else { return 0 }
    if size <= first { return values[0] }
    if size >= last { return values[values.count - 1] }
    for index in 1..<sizes.count where size <= sizes[index] {
      let low = sizes[index - 1], high = sizes[index]
      return values[index - 1] + (size - low) / (high - low) * (values[index] - values[index - 1])
    }
    return values[values.count - 1]
  }
}
