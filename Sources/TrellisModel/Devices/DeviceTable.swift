import TrellisSupport

/// The built-in devices: lookup by name, suggestions for misspellings, and the environments
/// commands iterate over.
public enum DeviceTable {
  /// Every device, in the reference table's order (iPhones oldest first, then iPads).
  public static let all: [Device] = builtIn

  /// The devices of one family, in table order.
  public static func devices(_ family: Device.Family) -> [Device] { all.filter { $0.family == family } }

  /// Every Split View / Slide Over window of every iPad the reference table covers, in table order
  /// (per device: landscape 1/3, 1/2, 2/3, then portrait 1/3, 2/3).
  public static var multitaskingWindows: [MultitaskingWindow] { all.flatMap(\.multitaskingWindows) }

  /// The table's version: when it was last brought up to date, and with which devices
  /// (`2025-10 (iPhone 17 family, …)`), as `Data/devices.json` states it.
  public static let version: String = builtInVersion

  /// The device with this name or one of its ``Device/aliases``, compared ignoring case, spaces
  /// and punctuation (`iphone-8-plus` finds `iPhone 8 Plus`); a unique prefix also matches
  /// (`iPhone SE` finds `iPhone SE (1st gen)`).
  public static func device(named name: String) -> Device? {
    if case .found(let device) = lookup(name) { return device }
    return nil
  }

  /// The outcome of looking a device up by name.
  public enum Lookup: Hashable, Sendable {
    case found(Device)
    /// The name is a prefix of several devices' names.
    case ambiguous([Device])
    /// No device has this name; the closest names first (possibly none).
    case notFound(suggestions: [Device])
  }

  /// Looks a device up as ``device(named:)`` does, saying why when it fails.
  public static func lookup(_ name: String) -> Lookup {
    let key = DeviceNameMatching.normalized(name)
    guard !key.isEmpty else { return .notFound(suggestions: []) }
    let keys = all.map { device in ([device.name] + device.aliases).map(DeviceNameMatching.normalized) }
    if let exact = keys.firstIndex(where: { $0.contains(key) }) { return .found(all[exact]) }
    // A device counts once even when its name and an alias both start with the key.
    let prefixed = keys.indices.filter { keys[$0].contains { $0.hasPrefix(key) } }.map { all[$0] }
    if prefixed.count == 1, let only = prefixed.first { return .found(only) }
    if prefixed.count > 1 { return .ambiguous(prefixed) }
    return .notFound(suggestions: suggestions(for: name))
  }

  /// Up to `limit` devices whose names (or aliases) are close to `name`, closest first.
  ///
  /// Closeness is the smallest of: the edit distance between the normalized names; the distance
  /// to the candidate cut to the typed length, plus one (`iphone 15 prx` is close to
  /// `iPhone 15 Pro Max`); and, when the typed words all appear in order among the candidate's
  /// words, the number of its words left out (`iPhone 17 Max` is one word from
  /// `iPhone 17 Pro Max`). Candidates further than a quarter of the name's length (at least 2)
  /// are dropped. Ties go to the later row: the table lists iPhones oldest first, so
  /// `iPhone 18` suggests `iPhone 17` before `iPhone 8` or `iPhone 11`.
  public static func suggestions(for name: String, limit: Int = 3) -> [Device] {
    let key = DeviceNameMatching.normalized(name)
    guard !key.isEmpty, limit > 0 else { return [] }
    let words = DeviceNameMatching.words(name)
    let threshold = max(2, key.count / 4)
    var scored: [(distance: Int, index: Int)] = []
    for (index, device) in all.enumerated() {
      let names = [device.name] + device.aliases
      let distance = names.map { closeness(typed: key, words: words, to: $0) }.min() ?? Int.max
      if distance <= threshold { scored.append((distance, index)) }
    }
    scored.sort { ($0.distance, -$0.index) < ($1.distance, -$1.index) }
    return scored.prefix(limit).map { all[$0.index] }
  }

  /// The smallest of the three distances ``suggestions(for:limit:)`` describes, from the typed
  /// name (normalized, and as words) to one candidate name.
  private static func closeness(typed key: String, words: [String], to candidateName: String) -> Int {
    let candidate = DeviceNameMatching.normalized(candidateName)
    let full = DidYouMean.distance(key, candidate)
    let prefix = DidYouMean.distance(key, String(candidate.prefix(key.count))) + 1
    let missing = DeviceNameMatching.missingWords(words, in: DeviceNameMatching.words(candidateName)) ?? Int.max
    return min(full, prefix, missing)
  }

  /// The size classes for a container of this size: those of the first full-screen device
  /// orientation or multitasking window of exactly this size, in table order; otherwise
  /// horizontal regular from 678 pt (the narrowest regular-width window of §1b) and vertical
  /// compact below 500 pt (between the tallest iPhone landscape height, 440, and the shortest
  /// portrait one, 568). Apple documents no threshold; this rule is Trellis's choice.
  public static func inferredTraits(for size: Size) -> TraitCollection {
    for device in all {
      for orientation in Orientation.allCases where device.size(orientation) == size {
        return device.facts(orientation).traits
      }
    }
    if let window = multitaskingWindows.first(where: { $0.size == size }) { return window.traits }
    return TraitCollection(
      horizontal: size.width >= 678 ? .regular : .compact, vertical: size.height < 500 ? .compact : .regular)
  }
}

extension Environment {
  /// An environment not taken from the device table.
  ///
  /// - Parameters:
  ///   - size: the container size in points.
  ///   - traits: the size classes; `nil` infers them with ``DeviceTable/inferredTraits(for:)``.
  ///   - safeAreaInsets: insets of the safe area from the container's edges.
  ///   - scale: points to pixels.
  ///   - layoutDirection: left to right (the default) or right to left.
  public static func custom(
    size: Size, traits: TraitCollection? = nil, safeAreaInsets: EdgeInsets = .zero, scale: Double = 1,
    layoutDirection: LayoutDirection = .leftToRight
  ) -> Environment {
    Environment(
      containerSize: size, traits: traits ?? DeviceTable.inferredTraits(for: size), safeAreaInsets: safeAreaInsets,
      scale: scale, layoutDirection: layoutDirection)
  }
}

/// Name normalization for device lookup (the distance is ``DidYouMean/distance(_:_:)``).
package enum DeviceNameMatching {
  /// Lowercased letters and digits only: `iPad Pro 11-inch (1st-4th gen)` → `ipadpro11inch1st4thgen`.
  static func normalized(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(
      contentsOf: name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    return String(scalars)
  }

  /// The name's words: runs of letters and runs of digits, lowercased (`iPhone 17 Pro Max` →
  /// `iphone`, `17`, `pro`, `max`; `iPhone17Max` gives the same words).
  package static func words(_ name: String) -> [String] {
    var words: [String] = []
    var current = ""
    var currentIsDigit = false
    for scalar in name.lowercased().unicodeScalars {
      let isDigit = ("0"..."9").contains(scalar)
      guard isDigit || scalar.properties.isAlphabetic else {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      if !current.isEmpty && isDigit != currentIsDigit {
        words.append(current)
        current = ""
      }
      current.unicodeScalars.append(scalar)
      currentIsDigit = isDigit
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// How many of `candidate`'s words are left out when every one of `typed` is found among them
  /// in order; `nil` when some typed word is not there (or nothing was typed).
  package static func missingWords(_ typed: [String], in candidate: [String]) -> Int? {
    guard !typed.isEmpty else { return nil }
    var next = typed.startIndex
    for word in candidate where next < typed.endIndex && word == typed[next] { next += 1 }
    return next == typed.endIndex ? candidate.count - typed.count : nil
  }
}
