/// A design or text check a layout says is intended: a view that may leave the safe area, two
/// views that may overlap, a label that may truncate. Written per view in a layout file
/// (`"suppress": ["overlap:badge", "outside-safe-area"]`) or given for every view on the command
/// line (`--suppress overlap`).
public struct Suppression: Hashable, Sendable {
  /// The checks that can be suppressed.
  public static let codes: [Diagnostic.Code] = [
    "outside-safe-area", "overlap", "text-truncated", "tap-target-small", "tap-target-overlap", "text-too-small",
  ]
  /// The checks about two views, which may name the other one (`overlap:badge`).
  public static let pairCodes: [Diagnostic.Code] = ["overlap", "tap-target-overlap"]

  /// The check's code.
  public var code: Diagnostic.Code
  /// The view it is about (`nil`: every view).
  public var view: String?
  /// For `overlap` and `tap-target-overlap`, the one view it may overlap (`nil`: any).
  public var other: String?
  /// Where it was written (`nil` from the command line).
  public var location: SourceLocation?

  public init(code: Diagnostic.Code, view: String? = nil, other: String? = nil, location: SourceLocation? = nil) {
    self.code = code
    self.view = view
    self.other = other
    self.location = location
  }

  /// Whether it covers a finding `code` about `view` (and, for an overlap, `partner`).
  public func covers(_ code: Diagnostic.Code, view: String, partner: String? = nil) -> Bool {
    guard code == self.code else { return false }
    if let own = self.view {
      // An overlap is about two views: either may carry it, naming the other or none.
      if let partner, Self.pairCodes.contains(code) {
        if own == view { return other == nil || other == partner }
        if own == partner { return other == nil || other == view }
        return false
      }
      return own == view && (other == nil || other == partner)
    }
    return other == nil || other == partner || (partner != nil && other == view)
  }
}

/// Suppressions in force for a check, and which of them were used.
public struct Suppressions: Sendable {
  public var all: [Suppression]
  /// Indices into ``all`` that covered a finding.
  public private(set) var used: Set<Int> = []

  public init(_ all: [Suppression] = []) { self.all = all }

  /// Whether a finding is suppressed; records the suppression that covered it.
  public mutating func suppresses(_ code: Diagnostic.Code, view: String, partner: String? = nil) -> Bool {
    guard let index = all.firstIndex(where: { $0.covers(code, view: view, partner: partner) }) else { return false }
    used.insert(index)
    return true
  }

  /// Merges what another check used (the same list).
  public mutating func markUsed(_ indices: Set<Int>) { used.formUnion(indices) }

  /// Warnings for the suppressions written in a file that covered nothing (`unused-suppression`).
  public func unusedWarnings() -> [Diagnostic] {
    all.indices.filter { !used.contains($0) && all[$0].location != nil }.map { index in
      let s = all[index]
      let what = s.code.rawValue + (s.other.map { ":\($0)" } ?? "")
      return Diagnostic(
        .warning,
        "the suppression '\(what)' of '\(s.view ?? "")' suppressed nothing in the environments checked; remove it, or "
          + "check that the view still needs it", code: "unused-suppression", at: s.location, kind: .check)
    }
  }
}

extension LayoutDocument {
  /// Every suppression its views carry, in document order.
  public var suppressions: [Suppression] { allViews.flatMap(\.suppressions) }
}
