import TrellisModel

/// Reads every conflict block in a console log or a paste (docs/logs.md, "Reading").
///
/// A block is a header (`Unable to simultaneously satisfy constraints.`, AppKit's
/// `… constraints:`, or macOS 14's `Conflicting constraints detected:`), a list in `(` … `)`,
/// and `Will attempt to recover by breaking constraint <…>`. Whatever a console or a paste put
/// around or in front of the lines is skipped (``LogStream``). A piece that cannot be read is a
/// located diagnostic; its block is marked incomplete and the rest of the text is still read.
package enum ConflictLogReader {
  /// The most diagnostics one read reports (a binary file must not produce millions).
  package static let diagnosticLimit = 200

  package static func read(text: String, file: String) -> ConflictLog {
    let stream = LogStream.make(text)
    let sink = DiagnosticSink(limit: diagnosticLimit)
    let marks = Landmarks(stream)
    var blocks: [ConflictBlock] = []
    var position = 0
    while !sink.isFull, let header = marks.nextHeader(from: position) {
      let limit = marks.blockLimit(after: header)
      let recoverAt = marks.first(of: marks.recovers, from: header.end, before: limit)
      var reader = BlockReader(
        stream: stream, file: file, sink: sink, header: header, limit: limit, recoverAt: recoverAt)
      if let block = reader.read() { blocks.append(block) }
      position = max(reader.consumed, header.end, header.start + 1)
    }
    if blocks.isEmpty && sink.diagnostics.isEmpty {
      sink.warning(
        "log-no-conflict",
        "no conflict block found: the text holds no 'Unable to simultaneously satisfy constraints' nor 'Conflicting constraints detected'; paste the whole block from the console",
        at: SourceLocation(file: file, line: 1, column: 1))
    }
    return ConflictLog(file: file, blocks: blocks, diagnostics: sink.diagnostics)
  }

  struct Header {
    var kind: LogHeader
    var start: Int
    var end: Int
  }

  static let unable = "Unable to simultaneously satisfy constraints"
  static let detected = "Conflicting constraints detected:"
  static let recover = "Will attempt to recover by breaking"

  /// UIKit's advice after its header: where a paste that cut the header starts.
  static let advice = [
    "Probably at least one of the constraints in the following list", "Try this:",
    "(1) look at each constraint", "(2) find the code that added",
    "(Note: If you're seeing NSAutoresizingMaskLayoutConstraints",
  ]

  /// Every header, line of advice and breaking phrase of the text, found once in one pass each,
  /// so that finding blocks stays linear in the text whatever it repeats.
  struct Landmarks {
    let stream: LocatedText
    /// Full headers, in text order.
    var headers: [Header] = []
    /// Lines of advice, in text order.
    var advice: [Header] = []
    /// Where each `Will attempt to recover by breaking` starts.
    var recovers: [Int] = []
    var headerStarts: [Int] = []
    var adviceStarts: [Int] = []

    init(_ stream: LocatedText) {
      self.stream = stream
      var found: [Header] = []
      for (phrase, kind) in [(unable, LogHeader.unableToSatisfy), (detected, .conflictingConstraintsDetected)] {
        var k = 0
        while let at = stream.find(phrase, from: k) {
          var header = Header(kind: kind, start: at, end: at + phrase.unicodeScalars.count)
          if kind == .unableToSatisfy && header.end < stream.count {
            if stream.scalars[header.end] == ":" {
              header.kind = .unableToSatisfyAppKit
              header.end += 1
            } else if stream.scalars[header.end] == "." {
              header.end += 1
            }
          }
          found.append(header)
          k = at + 1
        }
      }
      headers = found.sorted { $0.start < $1.start }
      headerStarts = headers.map(\.start)
      var lines: [Header] = []
      for phrase in ConflictLogReader.advice {
        var k = 0
        while let at = stream.find(phrase, from: k) {
          lines.append(Header(kind: .cut, start: at, end: at + phrase.unicodeScalars.count))
          k = at + 1
        }
      }
      advice = lines.sorted { $0.start < $1.start }
      adviceStarts = advice.map(\.start)
      var k = 0
      while let at = stream.find(ConflictLogReader.recover, from: k) {
        recovers.append(at)
        k = at + 1
      }
    }

    /// The first index in a sorted list whose value is at least `value`.
    private func lowerBound(_ values: [Int], _ value: Int) -> Int {
      var low = 0
      var high = values.count
      while low < high {
        let mid = (low + high) / 2
        if values[mid] < value { low = mid + 1 } else { high = mid }
      }
      return low
    }

    func first(of values: [Int], from start: Int, before end: Int? = nil) -> Int? {
      let index = lowerBound(values, start)
      guard index < values.count, values[index] < (end ?? Int.max) else { return nil }
      return values[index]
    }

    func first(of list: [Header], starts: [Int], from start: Int, before end: Int? = nil) -> Header? {
      let index = lowerBound(starts, start)
      guard index < list.count, list[index].start < (end ?? Int.max) else { return nil }
      return list[index]
    }

    /// The next header; else the next line of UIKit's advice (a block whose header was cut);
    /// else a list followed by a breaking line (a paste of the list alone), from its `(`.
    func nextHeader(from start: Int) -> Header? {
      let header = first(of: headers, starts: headerStarts, from: start)
      let found = first(of: advice, starts: adviceStarts, from: start, before: header?.start) ?? header
      if let recover = first(of: recovers, from: start, before: found?.start),
        let open = ConflictLogReader.listStart(in: stream, from: start, before: recover)
      {
        return Header(kind: .cut, start: open, end: open)
      }
      return found
    }

    /// Where a block's text ends: at the next header, or at advice printed after the block's
    /// breaking line (the next block's, its header cut).
    func blockLimit(after header: Header) -> Int {
      var limit = first(of: headers, starts: headerStarts, from: header.end)?.start ?? stream.count
      if let recover = first(of: recovers, from: header.end, before: limit),
        let next = first(of: advice, starts: adviceStarts, from: recover, before: limit)
      {
        limit = next.start
      }
      return limit
    }
  }

  /// The last `(` or `[` before `end` that opens a list (an entry follows it), looking back at
  /// most a few thousand characters (a list pasted alone is right before its breaking line).
  static func listStart(in stream: LocatedText, from start: Int, before end: Int) -> Int? {
    let s = stream.scalars
    var k = end - 1
    let floor = max(start, end - 200_000)
    while k >= floor {
      if s[k] == "(" || s[k] == "[" {
        var j = k + 1
        while j < end && (s[j].isLogSpaceOrNewline || s[j] == "*") { j += 1 }
        if j + 1 < end && (s[j] == "<" || (s[j].isDoubleQuote && s[j + 1] == "<")) { return k }
      }
      k -= 1
    }
    return nil
  }
}

/// Reads one block, from its header to the text before the next header.
private struct BlockReader {
  let stream: LocatedText
  let file: String
  let sink: DiagnosticSink
  let header: ConflictLogReader.Header
  let limit: Int
  /// Where the block's `Will attempt to recover by breaking` is, when it has one.
  let recoverAt: Int?
  /// Where reading stopped (the next block is searched from here).
  var consumed: Int

  init(
    stream: LocatedText, file: String, sink: DiagnosticSink, header: ConflictLogReader.Header, limit: Int,
    recoverAt: Int?
  ) {
    self.stream = stream
    self.file = file
    self.sink = sink
    self.header = header
    self.limit = limit
    self.recoverAt = recoverAt
    self.consumed = header.end
  }

  private var s: [Unicode.Scalar] { stream.scalars }

  private func location(_ index: Int) -> SourceLocation { stream.position(index).location(in: file) }

  /// One entry's text as read: escapes decoded, the paste's line breaks as spaces (their
  /// indices kept, to try the entry again without them).
  struct Entry {
    var text: LocatedText
    var wraps: [Int]
    var start: Int
  }

  private func isEntryStart(_ k: Int) -> Bool {
    guard k < limit, s[k] == "<", k + 1 < limit else { return false }
    return s[k + 1].isLetter || s[k + 1] == "_"
  }

  private func isQuotedEntryStart(_ k: Int) -> Bool { k < limit && s[k].isDoubleQuote && isEntryStart(k + 1) }

  /// The list's `(`: the first one followed by an entry or `)`, before the breaking line;
  /// else the first entry when the paste lost the `(`.
  private func listOpen(from start: Int, before end: Int) -> (index: Int, close: Unicode.Scalar?)? {
    var k = start
    while k < end {
      if s[k] == "(" || s[k] == "[" {
        // NSArray prints `(`; a description of an array printed by other means has `[`.
        let close: Unicode.Scalar = s[k] == "(" ? ")" : "]"
        var j = k + 1
        while j < end && (s[j].isLogSpaceOrNewline || s[j] == "*") { j += 1 }
        if j < end && (s[j] == close || isEntryStart(j) || isQuotedEntryStart(j)) { return (k + 1, close) }
      } else if isEntryStart(k) || isQuotedEntryStart(k) {
        return (k, nil)
      }
      k += 1
    }
    return nil
  }

  /// A quoted entry `"<…>"` from its opening quote: NSArray's escapes decoded.
  private func quotedEntry(at start: Int) -> (Entry, next: Int)? {
    var out = LocatedText()
    var wraps: [Int] = []
    var k = start + 1
    while k < limit {
      let c = s[k]
      if c.isDoubleQuote {
        out.end = stream.position(k)
        return (Entry(text: out, wraps: wraps, start: start + 1), k + 1)
      }
      if c == "\n" {
        wraps.append(out.count)
        out.append(" ", at: stream.position(k))
        k += 1
        continue
      }
      if c == "\\" && k + 1 < limit {
        let e = s[k + 1]
        switch e {
        case "\"", "\\", "'":
          out.append(e, at: stream.position(k))
          k += 2
          continue
        case "n":
          out.append("\n", at: stream.position(k))
          k += 2
          continue
        case "t":
          out.append("\t", at: stream.position(k))
          k += 2
          continue
        case "U", "u":
          if let (scalar, length) = unicodeEscape(at: k) {
            out.append(scalar, at: stream.position(k))
            k += length
            continue
          }
        default: break
        }
      }
      out.append(c, at: stream.position(k))
      k += 1
    }
    return nil
  }

  /// `\U2019`, and a surrogate pair `\Ud83d\Ude00` as one scalar.
  private func unicodeEscape(at k: Int) -> (Unicode.Scalar, Int)? {
    func hex4(_ at: Int) -> UInt32? {
      guard at + 4 <= limit else { return nil }
      var value: UInt32 = 0
      for j in at..<(at + 4) {
        guard let digit = UInt32(String(s[j]), radix: 16) else { return nil }
        value = value * 16 + digit
      }
      return value
    }
    guard let high = hex4(k + 2) else { return nil }
    if (0xD800...0xDBFF).contains(high), k + 7 < limit, s[k + 6] == "\\", s[k + 7] == "U" || s[k + 7] == "u",
      let low = hex4(k + 8), (0xDC00...0xDFFF).contains(low),
      let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    {
      return (scalar, 12)
    }
    guard let scalar = Unicode.Scalar(high) else { return nil }
    return (scalar, 6)
  }

  /// An entry printed without quotes, from `<`: it ends at a `>` followed by the line's end,
  /// `,`, `)`, or `.` and the line's end (macOS 14's breaking line).
  private func bareEntry(at start: Int) -> (Entry, next: Int) {
    var out = LocatedText()
    var wraps: [Int] = []
    var k = start
    while k < limit {
      let c = s[k]
      if c == ">" {
        var j = k + 1
        while j < limit && s[j].isLogSpace { j += 1 }
        if j >= limit || s[j] == "\n" || s[j] == "," || s[j] == ")" || s[j] == "]" || s[j].isDoubleQuote || s[j] == "*"
          || (s[j] == "." && (j + 1 >= limit || s[j + 1].isLogSpaceOrNewline))
        {
          out.append(c, at: stream.position(k))
          out.end = stream.position(k + 1)
          return (Entry(text: out, wraps: wraps, start: start), k + 1)
        }
      }
      if c == "\n" {
        // A line that starts a new entry or closes the list ends this one (it was cut).
        var j = k + 1
        while j < limit && s[j].isLogSpace { j += 1 }
        if j >= limit || s[j] == ")" || isEntryStart(j) || isQuotedEntryStart(j) || s[j] == "\n" {
          out.end = stream.position(k)
          return (Entry(text: out, wraps: wraps, start: start), k)
        }
        wraps.append(out.count)
        out.append(" ", at: stream.position(k))
      } else {
        out.append(c, at: stream.position(k))
      }
      k += 1
    }
    out.end = stream.position(limit)
    return (Entry(text: out, wraps: wraps, start: start), limit)
  }

  /// Reads the description; when that fails and the paste wrapped it, tries again with the
  /// line breaks joined without a space (a wrap inside an address or a word).
  /// The description read, with the text it was read from: the entry; else the entry joined
  /// without the paste's line breaks; else either with a web page's typography undone (curly
  /// quotes, dashes and ellipses that a blog made of `'`, `"`, `--`, `---` and `...`).
  private func parse(_ entry: Entry, trailingText: Bool = false) -> Result<
    (ParsedDescription, LocatedText), DescriptionError
  > {
    let first = ConstraintDescriptionParser.parse(entry.text, trailingText: trailingText)
    guard case .failure(let error) = first else {
      if case .success(let parsed) = first { return .success((parsed, entry.text)) }
      return .failure(DescriptionError(message: "unreadable description", index: 0))
    }
    var candidates: [LocatedText] = []
    if !entry.wraps.isEmpty {
      var joined = LocatedText()
      let wraps = Set(entry.wraps)
      for index in 0..<entry.text.count where !wraps.contains(index) {
        joined.append(entry.text.scalars[index], at: entry.text.positions[index])
      }
      joined.end = entry.text.end
      candidates.append(joined)
    }
    for text in [entry.text] + candidates {
      if let plain = Self.undoingTypography(text) { candidates.append(plain) }
    }
    for text in candidates {
      if case .success(let parsed) = ConstraintDescriptionParser.parse(text, trailingText: trailingText) {
        return .success((parsed, text))
      }
    }
    return .failure(error)
  }

  /// The text with curly quotes, en and em dashes and the ellipsis made plain again; `nil` when
  /// it has none.
  static func undoingTypography(_ text: LocatedText) -> LocatedText? {
    var out = LocatedText()
    var changed = false
    for (scalar, position) in zip(text.scalars, text.positions) {
      let plain: String
      switch scalar {
      case "\u{2018}", "\u{2019}": plain = "'"
      case "\u{201C}", "\u{201D}": plain = "\""
      case "\u{2013}": plain = "--"
      case "\u{2014}": plain = "---"
      case "\u{2026}": plain = "..."
      default:
        out.append(scalar, at: position)
        continue
      }
      changed = true
      for replacement in plain.unicodeScalars { out.append(replacement, at: position) }
    }
    out.end = text.end
    return changed ? out : nil
  }

  private func unreadable(_ error: DescriptionError, in entry: Entry, what: String) {
    sink.error(
      "log-unreadable-constraint",
      "cannot read \(what): \(error.message); the block is read without it, so check that the paste kept the whole line as the console printed it",
      at: entry.text.position(error.index).location(in: file))
  }

  mutating func read() -> ConflictBlock? {
    var block = ConflictBlock(
      platform: header.kind == .unableToSatisfy ? .iOS : .macOS, header: header.kind, location: location(header.start))
    var builder = BlockBuilder(file: file, sink: sink)
    // Advice is a few lines: a list that starts further on is not this advice's.
    let searchEnd = header.kind == .cut ? min(recoverAt ?? limit, header.end + 2048) : recoverAt ?? limit
    guard let open = listOpen(from: header.end, before: searchEnd) else {
      // Advice alone is no block; a header alone is one only in name, and says so.
      guard header.kind != .cut else { return nil }
      sink.warning(
        "log-no-list",
        "no list of constraints in '(' … ')' follows this header; if it is a conflict, paste the whole block",
        at: location(header.start))
      return nil
    }
    // The list.
    var k = open.index
    var listIndex = 0
    var listedAddresses = Set<String>()
    var closed = false
    // Every turn moves `k` on: past a separator, an entry or a line of unexpected text.
    while k < limit {
      // Between entries: spaces, commas, and markdown's bold (`**`) around a highlighted entry.
      if s[k].isLogSpaceOrNewline || s[k] == "," || s[k] == "*" {
        k += 1
        continue
      }
      if s[k] == (open.close ?? ")") {
        closed = true
        k += 1
        break
      }
      var entry: Entry?
      if isQuotedEntryStart(k) {
        if let (quoted, next) = quotedEntry(at: k) {
          entry = quoted
          k = next
        } else {
          // No closing quote before the block ends: read to the line's end.
          let (bare, next) = bareEntry(at: k + 1)
          entry = bare
          k = next
        }
      } else if isEntryStart(k) || (s[k] == "<" && stream.hasPrefix("<private>", at: k)) {
        let (bare, next) = bareEntry(at: k)
        entry = bare
        k = next
      } else {
        if let recoverAt, k >= recoverAt { break }
        var end = k
        while end < limit && s[end] != "\n" { end += 1 }
        sink.error(
          "log-unexpected-text",
          "unexpected text in the list of constraints: '\(stream.string(k..<min(end, k + 40)))'; a list holds one '<…>' description a line, so paste the list as printed (nothing elided)",
          at: location(k))
        block.isComplete = false
        k = end
        continue
      }
      guard let entry else { continue }
      if let address = Self.address(of: entry.text) { listedAddresses.insert(address) }
      switch parse(entry) {
      case .success(let (parsed, read)):
        if let constraint = builder.constraint(parsed, entry: read, listIndex: listIndex) {
          block.constraints.append(constraint)
        } else {
          block.isComplete = false
        }
      case .failure(let error):
        unreadable(error, in: entry, what: "constraint \(listIndex + 1) of the list")
        block.isComplete = false
      }
      listIndex += 1
    }
    block.listedCount = listIndex
    if !closed && open.close != nil {
      sink.warning(
        "log-unclosed-list",
        "the list of constraints is not closed with ')': the paste was cut, and the conflict may lack constraints; paste the whole block",
        at: location(header.start))
      block.isComplete = false
    }
    consumed = k
    // The breaking line: the phrase, then `constraint` (not on macOS 14), then the description
    // on the same or the next line.
    if let recoverAt, recoverAt >= open.index {
      var j = recoverAt + ConflictLogReader.recover.unicodeScalars.count
      while j < limit && s[j].isLogSpaceOrNewline { j += 1 }
      if stream.hasPrefix("constraint", at: j) { j += "constraint".unicodeScalars.count }
      while j < limit && (s[j].isLogSpaceOrNewline || s[j] == "*") { j += 1 }
      var entry: Entry?
      if isQuotedEntryStart(j), let (quoted, next) = quotedEntry(at: j) {
        entry = quoted
        consumed = next
      } else if j < limit && s[j] == "<" {
        let (bare, next) = bareEntry(at: j)
        entry = bare
        consumed = next
      }
      if let entry {
        block.breakingLineLocation = entry.text.position(0).location(in: file)
        let address = Self.address(of: entry.text)
        // A paste that lost its line breaks runs on after the breaking line's '>'.
        switch parse(entry, trailingText: true) {
        case .success(let (parsed, read)):
          block.breakingLine = builder.constraint(parsed, entry: read, listIndex: -1)
        case .failure(let error):
          unreadable(error, in: entry, what: "the breaking line's constraint")
        }
        if let address {
          if let index = block.constraints.firstIndex(where: { $0.address == address }) {
            block.broken = index
          } else if !listedAddresses.contains(address) {
            block.brokenIsNotInList = true
            sink.warning(
              "log-broken-not-listed",
              "the breaking line names \(address), which the list does not hold: the paste may mix two logs; copy one whole block",
              at: block.breakingLineLocation)
          }
        } else if let breaking = block.breakingLine {
          // No address (Masonry's debug keys): the entry printed the same way.
          if let index = block.constraints.firstIndex(where: { $0.text == breaking.text }) {
            block.broken = index
          } else {
            block.brokenIsNotInList = true
            sink.warning(
              "log-broken-not-listed",
              "the breaking line is no entry of the list: the paste may mix two logs; copy one whole block",
              at: block.breakingLineLocation)
          }
        }
      }
    }
    block.items = builder.items
    block.platform = Self.platform(of: block.items, header: header.kind)
    if builder.hadProblem { block.isComplete = false }
    return block
  }

  /// The constraint's own address, after `<Class:` (lower case), read even when the rest is
  /// not; `nil` when the class is followed by something else (Masonry's debug key).
  static func address(of text: LocatedText) -> String? {
    let s = text.scalars
    var k = 0
    while k < s.count && (s[k].isLogSpaceOrNewline || s[k] == "<") { k += 1 }
    var depth = 0
    while k < s.count && !(s[k] == ":" && depth == 0) && !(s[k].isLogSpaceOrNewline && depth == 0) {
      if s[k] == "<" { depth += 1 } else if s[k] == ">" { depth -= 1 }
      k += 1
    }
    guard k + 2 < s.count, s[k] == ":", s[k + 1] == "0", s[k + 2] == "x" || s[k + 2] == "X" else { return nil }
    k += 3
    var out = "0x"
    while k < s.count && s[k].isHexDigit {
      out.unicodeScalars.append(s[k])
      k += 1
    }
    return out.count > 2 ? out.lowercased() : nil
  }

  /// iOS or macOS: the views' classes decide (`UI…`/`_UI…` against `NS…`/`_NS…`), then the
  /// header's wording (UIKit ends it with a period, AppKit with a colon).
  static func platform(of items: [LogItem], header: LogHeader) -> LogPlatform {
    var uiKit = 0
    var appKit = 0
    for item in items where !item.isUnnamedSuperview {
      let name = item.className.hasPrefix("_") ? String(item.className.dropFirst()) : item.className
      if name.hasPrefix("UI") { uiKit += 1 }
      if name.hasPrefix("NS") { appKit += 1 }
    }
    if uiKit != appKit { return uiKit > appKit ? .iOS : .macOS }
    return header == .unableToSatisfy ? .iOS : .macOS
  }
}
