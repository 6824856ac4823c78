import TrellisModel

/// Where one scalar of the log was: 1-based line and column (in Unicode scalars) and its byte
/// offset in the UTF-8 text.
struct LogPosition: Hashable, Sendable {
  var line: Int
  var column: Int
  var offset: Int

  func location(in file: String) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column, offset: offset)
  }
}

/// Text with the log position of every scalar, so that a piece found after prefixes were taken
/// off, lines were joined or escapes decoded still points at the right column.
struct LocatedText: Sendable {
  var scalars: [Unicode.Scalar] = []
  var positions: [LogPosition] = []
  /// Where the text ends (the position just past its last scalar).
  var end = LogPosition(line: 1, column: 1, offset: 0)

  var count: Int { scalars.count }

  mutating func append(_ scalar: Unicode.Scalar, at position: LogPosition) {
    scalars.append(scalar)
    positions.append(position)
  }

  /// The position of scalar `index`, or the end for an index past the text.
  func position(_ index: Int) -> LogPosition {
    index >= 0 && index < positions.count ? positions[index] : end
  }

  func string(_ range: Range<Int>) -> String {
    let lower = max(0, min(range.lowerBound, scalars.count))
    let upper = max(lower, min(range.upperBound, scalars.count))
    var out = String.UnicodeScalarView()
    out.append(contentsOf: scalars[lower..<upper])
    return String(out)
  }

  func slice(_ range: Range<Int>) -> LocatedText {
    let lower = max(0, min(range.lowerBound, scalars.count))
    let upper = max(lower, min(range.upperBound, scalars.count))
    var out = LocatedText()
    out.scalars = Array(scalars[lower..<upper])
    out.positions = Array(positions[lower..<upper])
    out.end = position(upper)
    return out
  }

  /// Whether `word` is at `index` (case-sensitive).
  func hasPrefix(_ word: String, at index: Int) -> Bool {
    var i = index
    for scalar in word.unicodeScalars {
      guard i < scalars.count, scalars[i] == scalar else { return false }
      i += 1
    }
    return true
  }

  /// The first index at or after `start` (and before `limit`) where `word` begins.
  func find(_ word: String, from start: Int, before limit: Int? = nil) -> Int? {
    let word = Array(word.unicodeScalars)
    guard let first = word.first else { return nil }
    let last = min(limit ?? scalars.count, scalars.count) - word.count
    guard start <= last else { return nil }
    var i = max(0, start)
    while i <= last {
      if scalars[i] == first {
        var k = 1
        while k < word.count && scalars[i + k] == word[k] { k += 1 }
        if k == word.count { return i }
      }
      i += 1
    }
    return nil
  }
}

extension Unicode.Scalar {
  /// A space, a tab or a no-break space (pastes from web pages carry those).
  var isLogSpace: Bool { self == " " || self == "\t" || self == "\u{A0}" }
  var isLogSpaceOrNewline: Bool { isLogSpace || self == "\n" }
  var isDigit: Bool { self >= "0" && self <= "9" }
  var isHexDigit: Bool { isDigit || (self >= "a" && self <= "f") || (self >= "A" && self <= "F") }
  var isLetter: Bool { (self >= "a" && self <= "z") || (self >= "A" && self <= "Z") }
  /// `"`, or a curly double quote a web page put in its place.
  var isDoubleQuote: Bool { self == "\"" || self == "\u{201C}" || self == "\u{201D}" }
  /// Letters, digits, `_` and `$` (Swift's mangled and Objective-C class names use them).
  var isIdentifierPart: Bool { isLetter || isDigit || self == "_" || self == "$" }
}

/// The log as one stream of console text: each physical line with what a console or a paste
/// added in front of it taken off (timestamps and process names, `[LayoutConstraints]` tags,
/// markdown quotes, code fences, indentation), joined with newlines. Carriage returns are line
/// ends.
enum LogStream {
  /// Characters markdown escapes with a backslash that a console never does.
  static let markdownEscapes: Set<Unicode.Scalar> = ["<", ">", "_", "*", "[", "]", "(", ")", "#", "|", "`", "-", "."]

  static func make(_ text: String) -> LocatedText {
    var out = LocatedText()
    var line: [Unicode.Scalar] = []
    var lineOffsets: [Int] = []
    var lineNumber = 1
    var offset = 0
    var previousWasCR = false
    func flush(endOffset: Int) {
      let start = contentStart(line)
      var index = start
      while index < line.count {
        // Markdown's escapes (`\<`, `\>`, `\_`, …) are undone; NSArray's (`\"`, `\\`, `\U2019`,
        // `\n`) are kept for the list reader, a pair of backslashes as a pair.
        if line[index] == "\\", index + 1 < line.count {
          let next = line[index + 1]
          if next == "\\" {
            for k in index...(index + 1) {
              out.append(line[k], at: LogPosition(line: lineNumber, column: k + 1, offset: lineOffsets[k]))
            }
            index += 2
            continue
          }
          if markdownEscapes.contains(next) {
            out.append(next, at: LogPosition(line: lineNumber, column: index + 2, offset: lineOffsets[index + 1]))
            index += 2
            continue
          }
        }
        // A web page's HTML entities (`&lt;`, `&gt;`, `&quot;`, `&#39;`, …), which a console never prints.
        if line[index] == "&", let (scalar, length) = htmlEntity(line, at: index) {
          out.append(scalar, at: LogPosition(line: lineNumber, column: index + 1, offset: lineOffsets[index]))
          index += length
          continue
        }
        out.append(line[index], at: LogPosition(line: lineNumber, column: index + 1, offset: lineOffsets[index]))
        index += 1
      }
      out.append("\n", at: LogPosition(line: lineNumber, column: line.count + 1, offset: endOffset))
      line.removeAll(keepingCapacity: true)
      lineOffsets.removeAll(keepingCapacity: true)
    }
    for scalar in text.unicodeScalars {
      let width = UTF8.width(scalar)
      if scalar == "\n" && previousWasCR {
        previousWasCR = false
        offset += width
        continue
      }
      previousWasCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        flush(endOffset: offset)
        lineNumber += 1
      } else {
        line.append(scalar)
        lineOffsets.append(offset)
      }
      offset += width
    }
    if !line.isEmpty { flush(endOffset: offset) }
    out.end = LogPosition(line: lineNumber, column: 1, offset: offset)
    return out
  }

  /// The character an HTML entity at `start` stands for, and the entity's length.
  static func htmlEntity(_ line: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
    var end = start + 1
    while end < line.count && end - start <= 9 && line[end] != ";" { end += 1 }
    guard end < line.count, line[end] == ";" else { return nil }
    var body = String.UnicodeScalarView()
    body.append(contentsOf: line[(start + 1)..<end])
    let name = String(body)
    let named: [String: Unicode.Scalar] = [
      "lt": "<", "gt": ">", "quot": "\"", "amp": "&", "apos": "'", "nbsp": " ",
    ]
    if let scalar = named[name] { return (scalar, end - start + 1) }
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let value =
        digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      if let value, let scalar = Unicode.Scalar(value), scalar != "\n", scalar != "\r" {
        return (scalar, end - start + 1)
      }
    }
    return nil
  }

  /// Where the console's own text starts in a line; the line's length for a code fence (the
  /// fence and its language tag are not console text).
  static func contentStart(_ line: [Unicode.Scalar]) -> Int {
    var i = 0
    var rounds = 0
    while rounds < 64 {
      rounds += 1
      while i < line.count && line[i].isLogSpace { i += 1 }
      guard i < line.count else { return i }
      // A code fence: ``` or ~~~ (with a language tag).
      if i + 2 < line.count && (line[i] == "`" || line[i] == "~") && line[i + 1] == line[i] && line[i + 2] == line[i] {
        return line.count
      }
      // Markdown quoting: `>` followed by a space, another `>` or the line's end (a description
      // wrapped just before its closing `>` is followed by `"` or `,`).
      if line[i] == ">" && (i + 1 == line.count || line[i + 1].isLogSpace || line[i + 1] == ">") {
        i += 1
        continue
      }
      // A console paste kept in source comments: `//`, `/*`, `*/`.
      if i + 1 < line.count
        && ((line[i] == "/" && (line[i + 1] == "/" || line[i + 1] == "*")) || (line[i] == "*" && line[i + 1] == "/"))
      {
        i += 2
        continue
      }
      if let end = timestampEnd(line, from: i) {
        i = end
        continue
      }
      if let end = tagEnd(line, from: i) {
        i = end
        continue
      }
      break
    }
    return i
  }

  /// `2016-04-11 10:21:02.123 App[123:4567] ` or `2020-08-18 22:21:44.788267-0300 App[1:2] `:
  /// a date, a time with optional fraction and zone, then the process and its ids when there.
  static func timestampEnd(_ line: [Unicode.Scalar], from start: Int) -> Int? {
    var i = start
    func digits(_ n: Int) -> Bool {
      for _ in 0..<n {
        guard i < line.count, line[i].isDigit else { return false }
        i += 1
      }
      return true
    }
    func symbol(_ s: Unicode.Scalar) -> Bool {
      guard i < line.count, line[i] == s else { return false }
      i += 1
      return true
    }
    guard digits(4), symbol("-"), digits(2), symbol("-"), digits(2) else { return nil }
    guard i < line.count, line[i] == " " || line[i] == "T" else { return nil }
    i += 1
    guard digits(2), symbol(":"), digits(2), symbol(":"), digits(2) else { return nil }
    if symbol(".") { while i < line.count && line[i].isDigit { i += 1 } }
    if i < line.count && (line[i] == "+" || line[i] == "-") {
      let save = i
      i += 1
      if !digits(4) { i = save }
    } else if i < line.count && line[i] == "Z" {
      i += 1
    }
    let afterTime = i
    while i < line.count && line[i].isLogSpace { i += 1 }
    // The process name, then `[pid:thread]`.
    var j = i
    while j < line.count && j - i < 200 && line[j] != "[" { j += 1 }
    if j < line.count && line[j] == "[" {
      var k = j + 1
      var sawColon = false
      while k < line.count && (line[k].isHexDigit || line[k] == "x" || line[k] == ":") {
        if line[k] == ":" { sawColon = true }
        k += 1
      }
      if sawColon && k < line.count && line[k] == "]" {
        k += 1
        while k < line.count && line[k].isLogSpace { k += 1 }
        return k
      }
    }
    return i > afterTime ? i : afterTime
  }

  /// A bracketed tag before the message: `[LayoutConstraints] `, `[Layout] `.
  static func tagEnd(_ line: [Unicode.Scalar], from start: Int) -> Int? {
    guard start < line.count, line[start] == "[" else { return nil }
    var i = start + 1
    while i < line.count && i - start < 40 && (line[i].isIdentifierPart || line[i] == "." || line[i] == "-") {
      i += 1
    }
    guard i > start + 1, i < line.count, line[i] == "]", i + 1 < line.count, line[i + 1].isLogSpace else { return nil }
    return i + 1
  }
}
