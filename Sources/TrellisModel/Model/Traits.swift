/// A size class: the coarse measure of space along one axis.
public enum SizeClass: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
  case compact
  case regular
  public var description: String { rawValue }
  /// `C` or `R`, as in Interface Builder's `wC hR`.
  public var letter: String { self == .compact ? "C" : "R" }
}

/// The size classes an environment reports: horizontal (width) and vertical (height).
public struct TraitCollection: Hashable, Sendable, Codable, CustomStringConvertible {
  public var horizontal: SizeClass
  public var vertical: SizeClass
  public init(horizontal: SizeClass, vertical: SizeClass) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
  /// All four combinations, in a fixed order: wC hC, wC hR, wR hC, wR hR.
  public static let all: [TraitCollection] = [
    .init(horizontal: .compact, vertical: .compact), .init(horizontal: .compact, vertical: .regular),
    .init(horizontal: .regular, vertical: .compact), .init(horizontal: .regular, vertical: .regular),
  ]
  /// `wC hR`.
  public var description: String { "w\(horizontal.letter) h\(vertical.letter)" }
}

/// Which environments a variation applies to: each axis either a size class or any.
///
/// Precedence (Interface Builder's): among the patterns that match an environment, the
/// most specific wins: one naming both width and height beats one naming only one,
/// which beats `any`. When a width-only and a height-only pattern both match, the
/// **width** one wins (documented choice; the validator warns when both set a value).
public struct TraitPattern: Hashable, Sendable, CustomStringConvertible {
  /// `nil` means any.
  public var horizontal: SizeClass?
  public var vertical: SizeClass?

  public init(horizontal: SizeClass? = nil, vertical: SizeClass? = nil) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// Matches every environment.
  public static let any = TraitPattern()

  public func matches(_ traits: TraitCollection) -> Bool {
    (horizontal == nil || horizontal == traits.horizontal)
      && (vertical == nil || vertical == traits.vertical)
  }

  /// Higher wins: 3 = width and height, 2 = width only, 1 = height only, 0 = any.
  public var precedence: Int {
    switch (horizontal, vertical) {
    case (.some, .some): return 3
    case (.some, nil): return 2
    case (nil, .some): return 1
    case (nil, nil): return 0
    }
  }

  /// `wC hR`, `hC`, `wR`, or `any`.
  public var description: String {
    switch (horizontal, vertical) {
    case (nil, nil): return "any"
    case (let h?, nil): return "w\(h.letter)"
    case (nil, let v?): return "h\(v.letter)"
    case (let h?, let v?): return "w\(h.letter) h\(v.letter)"
    }
  }
}

/// A value that may differ per size class: a base value plus variations.
public struct Varying<Value: Sendable>: Sendable {
  /// One variation: the value to use where `pattern` matches, and where it was written.
  public struct Variation: Sendable {
    public var pattern: TraitPattern
    public var value: Value
    public var location: SourceLocation?
    public init(pattern: TraitPattern, value: Value, location: SourceLocation? = nil) {
      self.pattern = pattern
      self.value = value
      self.location = location
    }
  }

  /// The value where no variation matches (`any`).
  public var base: Value
  public var variations: [Variation]

  public init(_ base: Value, variations: [Variation] = []) {
    self.base = base
    self.variations = variations
  }

  /// The value for an environment, by the precedence of ``TraitPattern``; among
  /// variations of equal precedence the first written wins.
  public func resolved(for traits: TraitCollection) -> Value {
    let index = resolvedIndex(for: traits)
    return index == 0 ? base : variations[index - 1].value
  }

  /// Which value ``resolved(for:)`` picks: 0 for the base, `i + 1` for `variations[i]` (the
  /// numbering of ``ValueOrigins``).
  package func resolvedIndex(for traits: TraitCollection) -> Int {
    var best: Int?
    for (index, variation) in variations.enumerated() where variation.pattern.matches(traits) {
      if let current = best, variation.pattern.precedence <= variations[current].pattern.precedence { continue }
      best = index
    }
    return best.map { $0 + 1 } ?? 0
  }

  /// Whether any variation exists.
  public var varies: Bool { !variations.isEmpty }
}

extension Varying: Equatable where Value: Equatable {
  public static func == (lhs: Varying, rhs: Varying) -> Bool {
    lhs.base == rhs.base && lhs.variations.count == rhs.variations.count
      && zip(lhs.variations, rhs.variations).allSatisfy { $0.pattern == $1.pattern && $0.value == $1.value }
  }
}
