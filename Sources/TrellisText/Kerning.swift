/// Pair kerning from the `GPOS` table's 'kern' feature, or the `kern` table when `GPOS` has
/// no 'kern' lookups (as HarfBuzz does: a font that has GPOS kerning means it instead of `kern`).
///
/// Only horizontal advance adjustments matter for measuring: a pair's kerning is the first
/// glyph's XAdvance plus the second's. Placement-only adjustments, device tables and
/// contextual kerning are not applied; lookups are taken from every 'kern' feature record,
/// whatever its script and language system. Sources: OpenType spec, "GPOS — Glyph
/// Positioning Table" (lookup types 2 and 9, coverage and class definition tables) and
/// "kern — Kerning Table" (format 0); Apple TrueType Reference Manual, "'kern' table" (version 1).
struct PairKerning: Sendable {
  /// Sorted (left, right, value) records of `kern` format 0 subtables.
  struct KernPairs: Sendable {
    let pairs: TableData  // starts at the first pair
    let count: Int
    let replaces: Bool  // the "override" coverage bit: replace, not add to, the sum so far
  }

  /// A `GPOS` pair adjustment subtable (lookup type 2), format 1 (glyph pairs) or 2 (classes).
  struct PairAdjustment: Sendable {
    let subtable: TableData
    let coverage: TableData
    let format: Int
    let firstRecordSize: Int
    let secondRecordSize: Int
    let firstAdvanceOffset: Int?  // where XAdvance sits in the first value record, if present
    let secondAdvanceOffset: Int?
    // Format 1
    let pairSetCount: Int
    // Format 2
    let firstClasses: TableData?
    let secondClasses: TableData?
    let firstClassCount: Int
    let secondClassCount: Int
  }

  var kernTable: [KernPairs] = []
  /// GPOS lookups in lookup-list order, each its subtables in order.
  var lookups: [[PairAdjustment]] = []

  init(kern: TableData?, gpos: TableData?, numberOfGlyphs: Int, limits: FontLimits) throws(FontError) {
    var budget = limits.maxKerningSubtables
    if let gpos { lookups = try Self.readGPOS(gpos, budget: &budget) }
    if lookups.isEmpty, let kern { kernTable = try Self.readKern(kern, budget: &budget) }
  }

  /// The kerning of the glyph pair in font units.
  func adjustment(_ left: Int, _ right: Int) -> Int {
    guard (0...0xFFFF).contains(left), (0...0xFFFF).contains(right) else { return 0 }
    if !lookups.isEmpty {
      var total = 0
      for lookup in lookups {
        for subtable in lookup {
          if let value = subtable.adjustment(UInt16(left), UInt16(right)) {
            total += value
            break  // the first subtable that applies ends the lookup
          }
        }
      }
      return total
    }
    var total = 0
    let key = UInt32(left) << 16 | UInt32(right)
    for subtable in kernTable {
      var low = 0, high = subtable.count
      while low < high {
        let middle = (low + high) / 2
        guard let stored = subtable.pairs.u32(6 * middle) else { break }
        if stored < key {
          low = middle + 1
        } else if stored > key {
          high = middle
        } else {
          let value = Int(subtable.pairs.i16(6 * middle + 4) ?? 0)
          total = subtable.replaces ? value : total + value
          break
        }
      }
    }
    return total
  }

  // MARK: kern

  private static func readKern(_ table: TableData, budget: inout Int) throws(FontError) -> [KernPairs] {
    let version = try table.u16(0, "version")
    let apple = version == 1  // Apple's version 1.0 is a 32-bit 0x00010000
    let count = apple ? Int(try table.u32(4, "nTables")) : Int(try table.u16(2, "nTables"))
    var offset = apple ? 8 : 4
    var result: [KernPairs] = []
    for index in 0..<count {
      guard offset < table.count else {
        throw .truncated(
          "kern", "subtable \(index) of \(count) starts at \(offset), past the table's \(table.count) bytes")
      }
      let header = apple ? 8 : 6
      try table.require(header + 8, at: offset, "a subtable header and format 0 header")
      let length: Int
      let format: UInt8
      let horizontal: Bool
      let replaces: Bool
      if apple {
        length = Int(table.u32OrZero(offset))
        let coverage = table.u8OrZero(offset + 4)
        format = table.u8OrZero(offset + 5)
        horizontal = coverage & 0xE0 == 0  // not vertical, cross-stream or variation
        replaces = false
      } else {
        length = Int(table.u16OrZero(offset + 2))
        let coverage = table.u16OrZero(offset + 4)
        format = UInt8(coverage >> 8)
        horizontal = coverage & 0x1 != 0 && coverage & 0x6 == 0  // horizontal, not minimum or cross-stream
        replaces = coverage & 0x8 != 0
      }
      var stride = length
      if format == 0 {
        let pairCount = Int(table.u16OrZero(offset + header))
        let pairsStart = offset + header + 8
        try table.require(6 * pairCount, at: pairsStart, "6·nPairs for \(pairCount) pairs")
        if horizontal && pairCount > 0 {
          budget -= 1
          guard budget >= 0 else { throw .limit("kern", "more kerning subtables than the limit") }
          result.append(
            KernPairs(pairs: try table.subtable(at: pairsStart, "the pairs"), count: pairCount, replaces: replaces))
        }
        // The 16-bit length overflows for big subtables: trust the pair count.
        stride = max(length, header + 8 + 6 * pairCount)
      }
      guard stride > 0 else { throw .invalid("kern", "subtable \(index) has length 0") }
      offset += stride
    }
    return result
  }

  // MARK: GPOS

  private static func readGPOS(_ table: TableData, budget: inout Int) throws(FontError) -> [[PairAdjustment]] {
    try table.require(10, "the header")
    let major = try table.u16(0, "majorVersion")
    guard major == 1 else { throw FontError(.unsupported, table: "GPOS", "table 'GPOS' has version \(major), not 1") }
    let features = try table.subtable(at: Int(table.u16OrZero(6)), "the feature list")
    let lookupList = try table.subtable(at: Int(table.u16OrZero(8)), "the lookup list")
    let featureCount = Int(try features.u16(0, "featureCount"))
    try features.require(2 + 6 * featureCount, "2 + 6·featureCount")
    // Records, lookups and subtables may share bytes: each is visited once, so a small hostile
    // file cannot make the work grow as the product of two counts.
    var indices = Set<Int>()
    var featuresSeen = Set<Int>()
    for index in 0..<featureCount where features.u32(2 + 6 * index) == 0x6B65_726E {  // 'kern'
      let featureOffset = Int(features.u16OrZero(2 + 6 * index + 4))
      guard featuresSeen.insert(featureOffset).inserted else { continue }
      let feature = try features.subtable(at: featureOffset, "feature \(index)")
      let count = Int(try feature.u16(2, "lookupIndexCount"))
      try feature.require(4 + 2 * count, "4 + 2·lookupIndexCount")
      for entry in 0..<count { indices.insert(Int(feature.u16OrZero(4 + 2 * entry))) }
    }
    guard !indices.isEmpty else { return [] }
    let lookupCount = Int(try lookupList.u16(0, "lookupCount"))
    try lookupList.require(2 + 2 * lookupCount, "2 + 2·lookupCount")
    var result: [[PairAdjustment]] = []
    var lookupsSeen = Set<Int>()
    var subtablesRead: [Int: PairAdjustment?] = [:]
    for index in indices.sorted() {
      guard index < lookupCount else {
        throw .invalid("GPOS", "the 'kern' feature uses lookup \(index), but there are \(lookupCount)")
      }
      let lookupOffset = Int(lookupList.u16OrZero(2 + 2 * index))
      guard lookupsSeen.insert(lookupOffset).inserted else { continue }
      let lookup = try lookupList.subtable(at: lookupOffset, "lookup \(index)")
      let type = try lookup.u16(0, "lookupType")
      guard type == 2 || type == 9 else { continue }  // kerning by contextual lookups is not applied
      let subtableCount = Int(try lookup.u16(4, "subTableCount"))
      try lookup.require(6 + 2 * subtableCount, "6 + 2·subTableCount")
      var subtables: [PairAdjustment] = []
      for entry in 0..<subtableCount {
        budget -= 1
        guard budget >= 0 else { throw .limit("GPOS", "more kerning subtables than the limit") }
        var subtable = try lookup.subtable(
          at: Int(lookup.u16OrZero(6 + 2 * entry)), "subtable \(entry) of lookup \(index)")
        if type == 9 {
          // Extension: posFormat 1, extensionLookupType, a 32-bit offset to the real subtable.
          try subtable.require(8, "the extension subtable")
          guard subtable.u16OrZero(2) == 2 else { continue }
          subtable = try subtable.subtable(at: Int(subtable.u32OrZero(4)), "the extension's subtable")
        }
        if let known = subtablesRead[subtable.start] {
          if let known { subtables.append(known) }
          continue
        }
        let pair = try PairAdjustment(subtable)
        subtablesRead[subtable.start] = pair
        if let pair { subtables.append(pair) }
      }
      if !subtables.isEmpty { result.append(subtables) }
    }
    return result
  }
}

extension PairKerning.PairAdjustment {
  /// Reads a pair adjustment subtable, checking every array it will search; nil for formats
  /// other than 1 and 2.
  init?(_ subtable: TableData) throws(FontError) {
    let format = Int(try subtable.u16(0, "PairPos posFormat"))
    guard format == 1 || format == 2 else { return nil }
    try subtable.require(format == 1 ? 10 : 16, "the PairPos format \(format) header")
    let coverage = try subtable.subtable(at: Int(subtable.u16OrZero(2)), "the coverage table")
    try Self.checkCoverage(coverage)
    let valueFormat1 = subtable.u16OrZero(4), valueFormat2 = subtable.u16OrZero(6)
    let size1 = 2 * (valueFormat1 & 0xFF).nonzeroBitCount, size2 = 2 * (valueFormat2 & 0xFF).nonzeroBitCount
    self.subtable = subtable
    self.coverage = coverage
    self.format = format
    firstRecordSize = size1
    secondRecordSize = size2
    // XAdvance (bit 2) follows XPlacement (bit 0) and YPlacement (bit 1) when those are present.
    firstAdvanceOffset = valueFormat1 & 0x4 != 0 ? 2 * (valueFormat1 & 0x3).nonzeroBitCount : nil
    secondAdvanceOffset = valueFormat2 & 0x4 != 0 ? 2 * (valueFormat2 & 0x3).nonzeroBitCount : nil
    if format == 1 {
      let count = Int(subtable.u16OrZero(8))
      try subtable.require(10 + 2 * count, "10 + 2·pairSetCount")
      for index in 0..<count {
        let set = try subtable.subtable(at: Int(subtable.u16OrZero(10 + 2 * index)), "pair set \(index)")
        let pairs = Int(try set.u16(0, "pairValueCount"))
        try set.require(2 + pairs * (2 + size1 + size2), "2 + pairValueCount·(2 + value record sizes)")
      }
      pairSetCount = count
      firstClasses = nil
      secondClasses = nil
      firstClassCount = 0
      secondClassCount = 0
    } else {
      let classes1 = try subtable.subtable(at: Int(subtable.u16OrZero(8)), "the first class definition")
      let classes2 = try subtable.subtable(at: Int(subtable.u16OrZero(10)), "the second class definition")
      try Self.checkClassDefinition(classes1)
      try Self.checkClassDefinition(classes2)
      let count1 = Int(subtable.u16OrZero(12)), count2 = Int(subtable.u16OrZero(14))
      try subtable.require(16 + count1 * count2 * (size1 + size2), "16 + class1Count·class2Count·(value record sizes)")
      pairSetCount = 0
      firstClasses = classes1
      secondClasses = classes2
      firstClassCount = count1
      secondClassCount = count2
    }
  }

  private static func checkCoverage(_ table: TableData) throws(FontError) {
    let format = try table.u16(0, "coverage format")
    let count = Int(try table.u16(2, "coverage count"))
    switch format {
    case 1: try table.require(4 + 2 * count, "4 + 2·glyphCount (coverage format 1)")
    case 2: try table.require(4 + 6 * count, "4 + 6·rangeCount (coverage format 2)")
    default: throw .invalid(table.tag, "coverage format \(format) at offset \(table.offsetInTable), not 1 or 2")
    }
  }

  private static func checkClassDefinition(_ table: TableData) throws(FontError) {
    let format = try table.u16(0, "class definition format")
    switch format {
    case 1:
      let count = Int(try table.u16(4, "glyphCount"))
      try table.require(6 + 2 * count, "6 + 2·glyphCount (class definition format 1)")
    case 2:
      let count = Int(try table.u16(2, "classRangeCount"))
      try table.require(4 + 6 * count, "4 + 6·classRangeCount (class definition format 2)")
    default: throw .invalid(table.tag, "class definition format \(format) at offset \(table.offsetInTable), not 1 or 2")
    }
  }

  /// The adjustment for the pair when this subtable applies to it, else nil.
  func adjustment(_ left: UInt16, _ right: UInt16) -> Int? {
    guard let index = Self.coverageIndex(coverage, left) else { return nil }
    let records: TableData?
    if format == 1 {
      guard index < pairSetCount, let offset = subtable.u16(10 + 2 * index),
        let set = subtable.subtable(at: Int(offset)),
        let count = set.u16(0)
      else { return nil }
      let size = 2 + firstRecordSize + secondRecordSize
      var low = 0, high = Int(count)
      var found: Int?
      while low < high {
        let middle = (low + high) / 2
        guard let glyph = set.u16(2 + size * middle) else { return nil }
        if glyph < right { low = middle + 1 } else if glyph > right { high = middle } else { found = middle; break }
      }
      guard let found else { return nil }
      records = set.subtable(at: 2 + size * found + 2)
    } else {
      guard let firstClasses, let secondClasses else { return nil }
      let class1 = Self.classOf(firstClasses, left), class2 = Self.classOf(secondClasses, right)
      guard class1 < firstClassCount, class2 < secondClassCount else { return nil }
      let offset = 16 + (class1 * secondClassCount + class2) * (firstRecordSize + secondRecordSize)
      records = subtable.subtable(at: offset)
    }
    guard let records else { return nil }
    var value = 0
    if let first = firstAdvanceOffset { value += Int(records.i16(first) ?? 0) }
    if let second = secondAdvanceOffset { value += Int(records.i16(firstRecordSize + second) ?? 0) }
    return value
  }

  static func coverageIndex(_ table: TableData, _ glyph: UInt16) -> Int? {
    guard let format = table.u16(0), let count = table.u16(2) else { return nil }
    var low = 0, high = Int(count)
    while low < high {
      let middle = (low + high) / 2
      if format == 1 {
        guard let stored = table.u16(4 + 2 * middle) else { return nil }
        if stored < glyph { low = middle + 1 } else if stored > glyph { high = middle } else { return middle }
      } else {
        guard let start = table.u16(4 + 6 * middle), let end = table.u16(6 + 6 * middle),
          let first = table.u16(8 + 6 * middle)
        else { return nil }
        if end < glyph {
          low = middle + 1
        } else if start > glyph {
          high = middle
        } else {
          return Int(first) + Int(glyph - start)
        }
      }
    }
    return nil
  }

  static func classOf(_ table: TableData, _ glyph: UInt16) -> Int {
    guard let format = table.u16(0) else { return 0 }
    if format == 1 {
      guard let start = table.u16(2), let count = table.u16(4), glyph >= start, Int(glyph - start) < Int(count) else {
        return 0
      }
      return Int(table.u16(6 + 2 * Int(glyph - start)) ?? 0)
    }
    guard let count = table.u16(2) else { return 0 }
    var low = 0, high = Int(count)
    while low < high {
      let middle = (low + high) / 2
      guard let start = table.u16(4 + 6 * middle), let end = table.u16(6 + 6 * middle) else { return 0 }
      if end < glyph {
        low = middle + 1
      } else if start > glyph {
        high = middle
      } else {
        return Int(table.u16(8 + 6 * middle) ?? 0)
      }
    }
    return 0
  }
}
