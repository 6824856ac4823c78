/// Text transforms that stress a layout the way localization does, after Xcode's scheme option
/// App Language → pseudolanguages (Apple, "Preparing your interface for localization").
///
/// Every transform works on grapheme clusters (Swift `Character`s), so no cluster is ever split,
/// keeps every newline cluster as it is (paragraphs stay paragraphs), and leaves empty text
/// empty. `docs/text.md` lists, for each one, what Apple documents and what is our choice.
public enum PseudoLocale: String, CaseIterable, Sendable {
  /// Each paragraph padded to ⌈1.3 × its clusters⌉, the usual allowance for German or Finnish:
  /// each word grows by repeating its own clusters from its start, in proportion to its
  /// length, so the words, spaces and break opportunities stay where they were.
  case longer
  /// Xcode's Double-Length Pseudolanguage: each paragraph followed by a space and itself.
  case double
  /// Xcode's Accented Pseudolanguage: each ASCII letter replaced by an accented form of the same
  /// letter (one precomposed scalar, so the cluster count is kept); `q` and `Q`, which have none,
  /// stay.
  case accented
  /// Xcode's Right-to-Left Pseudolanguage: the text unchanged, laid out right to left.
  case rightToLeft
  /// Xcode's Bounded String Pseudolanguage: the whole text between `[# ` and ` #]`, so a cut end
  /// shows.
  case bounded

  /// The command-line name: `longer`, `double`, `accented`, `right-to-left`, `bounded`.
  public var name: String {
    self == .rightToLeft ? "right-to-left" : rawValue
  }

  /// Whether the pseudolanguage also lays the interface out right to left (as Xcode's does by
  /// setting the app's writing direction), which the layout has to be told separately.
  public var impliesRightToLeft: Bool { self == .rightToLeft }

  /// The pseudo-locale named `name`: its `name` or raw value, without regard to case
  /// (`"right-to-left"`, `"rightToLeft"`, `"DOUBLE"`); nil for anything else.
  public init?(name: String) {
    let wanted = name.lowercased()
    guard let found = Self.allCases.first(where: { $0.name == wanted || $0.rawValue.lowercased() == wanted })
    else { return nil }
    self = found
  }

  /// `text` as the pseudolanguage shows it.
  public func apply(to text: String) -> String {
    switch self {
    case .rightToLeft:
      return text
    case .bounded:
      return text.isEmpty ? text : "[# " + text + " #]"
    case .accented:
      return String(text.map { Self.accented($0) })
    case .double:
      return Self.mapParagraphs(text) { $0.isEmpty ? [] : $0 + [" "] + $0 }
    case .longer:
      return Self.mapParagraphs(text, Self.lengthened)
    }
  }

  /// Applies `transform` to the clusters of each paragraph (the text between newline clusters),
  /// keeping the newline clusters themselves.
  static func mapParagraphs(_ text: String, _ transform: ([Character]) -> [Character]) -> String {
    var result = ""
    var paragraph: [Character] = []
    for cluster in text {
      if cluster.isNewline {
        result.append(contentsOf: transform(paragraph))
        result.append(cluster)
        paragraph.removeAll(keepingCapacity: true)
      } else {
        paragraph.append(cluster)
      }
    }
    result.append(contentsOf: transform(paragraph))
    return result
  }

  /// One paragraph padded by ⌈0.3 n⌉ clusters (so it is ⌈1.3 n⌉ long, n its cluster count).
  ///
  /// Words are the runs of non-whitespace clusters (the whole paragraph when it has none). The
  /// padding is shared out by cumulative length, word i getting ⌊p·cᵢ/W⌋ − ⌊p·cᵢ₋₁/W⌋ clusters
  /// (p the padding, cᵢ the clusters in words 1…i, W in all words), which adds up to p exactly
  /// and favours the later of two equal words; each word is extended with its own clusters
  /// from its start, cyclically ("Settings" + 3 → "SettingsSet"). Repeating the word keeps
  /// its script, so CJK stays CJK-wide and a word stays one unbreakable run.
  static func lengthened(_ clusters: [Character]) -> [Character] {
    let n = clusters.count
    let padding = (3 * n + 9) / 10  // ⌈0.3 n⌉ in integers: ⌈3n / 10⌉.
    guard padding > 0 else { return clusters }
    var words: [Range<Int>] = []
    var start: Int?
    for (i, cluster) in clusters.enumerated() {
      if cluster.isWhitespace {
        if let s = start { words.append(s..<i) }
        start = nil
      } else if start == nil {
        start = i
      }
    }
    if let s = start { words.append(s..<n) }
    if words.isEmpty { words = [0..<n] }
    let total = words.reduce(0) { $0 + $1.count }
    var result: [Character] = []
    result.reserveCapacity(n + padding)
    var copied = 0
    var cumulative = 0
    var given = 0
    for word in words {
      result.append(contentsOf: clusters[copied..<word.upperBound])
      copied = word.upperBound
      cumulative += word.count
      let share = padding * cumulative / total - given
      given += share
      for k in 0..<share { result.append(clusters[word.lowerBound + k % word.count]) }
    }
    result.append(contentsOf: clusters[copied...])
    return result
  }

  /// `cluster` with an ASCII letter replaced by its accented form; anything else unchanged.
  /// `package`: tests check every replacement is its own letter.
  package static func accented(_ cluster: Character) -> Character {
    guard let ascii = cluster.asciiValue else { return cluster }
    let index: Int
    switch ascii {
    case 0x61...0x7A: index = Int(ascii - 0x61)
    case 0x41...0x5A: index = Int(ascii - 0x41) + 26
    default: return cluster
    }
    return accentedLetters[index]
  }

  /// a…z then A…Z, each the precomposed letter whose canonical decomposition is that letter and
  /// one mark: acute, dot above, cedilla, caron, circumflex, tilde or diaeresis, all in Latin-1,
  /// Latin Extended-A or Latin Extended Additional. Unicode has no accented q.
  static let accentedLetters: [Character] = [
    "\u{E1}", "\u{1E03}", "\u{E7}", "\u{10F}", "\u{E9}", "\u{1E1F}", "\u{11D}", "\u{125}", "\u{ED}", "\u{135}",
    "\u{137}", "\u{13A}", "\u{1E3F}", "\u{F1}", "\u{F6}", "\u{1E55}", "q", "\u{155}", "\u{161}", "\u{163}",
    "\u{FC}", "\u{1E7D}", "\u{175}", "\u{1E8B}", "\u{FD}", "\u{17E}",
    "\u{C1}", "\u{1E02}", "\u{C7}", "\u{10E}", "\u{C9}", "\u{1E1E}", "\u{11C}", "\u{124}", "\u{CD}", "\u{134}",
    "\u{136}", "\u{139}", "\u{1E3E}", "\u{D1}", "\u{D6}", "\u{1E54}", "Q", "\u{154}", "\u{160}", "\u{162}",
    "\u{DC}", "\u{1E7C}", "\u{174}", "\u{1E8A}", "\u{DD}", "\u{17D}",
  ]
}
