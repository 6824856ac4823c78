import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// An independent reading of anchors and constraints: computes every anchor's value from
/// solved frames with its own rules (docs/semantics.md §3), not the engine's anchor map, so a
/// mistake in the engine's expressions shows up as a constraint that does not hold.
public struct ConstraintCheck {
  /// The frames the values are read from.
  public let result: LayoutResult
  /// The views' decided properties (margins, baseline offsets), from `document.resolved(for:)`.
  public let resolved: ResolvedLayout

  public init(document: LayoutDocument, result: LayoutResult) {
    self.result = result
    self.resolved = document.resolved(for: result.environment)
  }

  /// How far `constraint` is from holding: `|lhs − rhs|` for `==`, the shortfall for `<=` and
  /// `>=` (0 when it holds); `nil` when it names something without a frame (a stack's guide).
  /// Horizontal constraints naming leading or trailing are read in mirrored coordinates in
  /// right-to-left, as §3 says.
  public func violation(of constraint: LayoutConstraint) -> Double? {
    let mirrored =
      result.environment.layoutDirection == .rightToLeft
      && (constraint.first.attribute.isDirectional || constraint.second?.attribute.isDirectional == true)
    guard var lhs = value(of: constraint.first, mirrored: mirrored) else { return nil }
    var rhs = constraint.constant
    if let second = constraint.second {
      guard var value = value(of: second, mirrored: mirrored) else { return nil }
      // A multiplied location is read in the nearest common ancestor's coordinates (§3).
      if constraint.multiplier != 1, !(constraint.first.attribute.isSize && second.attribute.isSize) {
        guard let frame = ancestorFrame(constraint.first.item, second.item) else { return nil }
        func local(_ raw: Double, _ attribute: LayoutAttribute) -> Double {
          if attribute.isSize { return raw }
          if attribute.axis == .vertical { return raw - frame.minY }
          let rootWidth = result.views.first?.frame.width ?? 0
          // `raw` is already mirrored in the root when `mirrored`: back to x, then from A's right.
          return mirrored ? frame.maxX - (rootWidth - raw) : raw - frame.minX
        }
        lhs = local(lhs, constraint.first.attribute)
        value = local(value, second.attribute)
      }
      rhs += constraint.multiplier * value
    }
    switch constraint.relation {
    case .equal: return abs(lhs - rhs)
    case .lessThanOrEqual: return max(0, lhs - rhs)
    case .greaterThanOrEqual: return max(0, rhs - lhs)
    }
  }

  /// The frame of the nearest view holding both items (root guides are the root's); `nil`
  /// when it is a scroll view (its coordinates start at its content, which has no frame here)
  /// or an item has none.
  func ancestorFrame(_ a: LayoutItem, _ b: LayoutItem) -> Rect? {
    let rootID = resolved.views.first?.id ?? "root"
    func owner(_ item: LayoutItem) -> String? {
      switch item {
      case .view(let id): return id == "root" && result.view(id) == nil ? rootID : id
      case .safeArea, .margins: return rootID
      case .generated(let owner, _): return owner
      }
    }
    func chain(_ id: String?) -> [String] {
      var out: [String] = []
      var next = id
      while let current = next, !out.contains(current) {
        out.append(current)
        next = resolved.views.first(where: { $0.id == current })?.parent
      }
      return out
    }
    let first = chain(owner(a))
    guard let ancestor = chain(owner(b)).first(where: first.contains),
      let view = resolved.views.first(where: { $0.id == ancestor }), view.scroll == nil
    else { return nil }
    return result.view(ancestor)?.frame
  }

  /// The value of an anchor in root coordinates (`mirrored`: measured leftward from the root's
  /// right edge); `nil` for an item without a frame.
  public func value(of anchor: AnchorReference, mirrored: Bool = false) -> Double? {
    let rtl = result.environment.layoutDirection == .rightToLeft
    let rect: Rect
    var margins = EdgeInsets.zero
    var firstBaseline: Double?
    var lastBaseline: Double?
    switch anchor.item {
    case .safeArea: rect = result.safeArea
    case .margins: rect = result.margins
    case .generated: return nil
    case .view(let id):
      guard let frame = result.view(id)?.frame, let view = resolved.views.first(where: { $0.id == id }) else {
        return nil
      }
      // Anchors are the alignment rectangle's: the frame less the view's alignment insets.
      let insets = view.alignmentRectInsets
      rect = Rect(
        x: frame.x + insets.left, y: frame.y + insets.top, width: frame.width - insets.left - insets.right,
        height: frame.height - insets.top - insets.bottom)
      margins = view.effectiveMargins(safeAreaInsets: result.environment.safeAreaInsets)
      // Margins outside the safe area are brought within it, from the frame (rule 4).
      margins = view.marginsRaised(margins, frame: frame, alignmentRect: rect, safeArea: result.safeArea)
      firstBaseline = view.firstBaselineOffset
      lastBaseline = view.lastBaselineOffset
      if view.parent == nil {
        // The root's margin attributes are the margins guide (they include the safe area).
        let guide = result.margins
        margins = EdgeInsets(
          top: guide.minY - rect.minY, left: guide.minX - rect.minX, bottom: rect.maxY - guide.maxY,
          right: rect.maxX - guide.maxX)
      }
    }
    let horizontal: Double
    switch anchor.attribute {
    case .width: return rect.width
    case .height: return rect.height
    case .top: return rect.minY
    case .bottom: return rect.maxY
    case .centerY: return rect.midY
    case .topMargin: return rect.minY + margins.top
    case .bottomMargin: return rect.maxY - margins.bottom
    case .centerYWithinMargins: return (rect.minY + margins.top + rect.maxY - margins.bottom) / 2
    // Baselines: the offsets the resolver reports for labels and buttons; top and bottom otherwise.
    case .firstBaseline: return rect.minY + (firstBaseline ?? 0)
    case .lastBaseline: return lastBaseline.map { rect.minY + $0 } ?? rect.maxY
    case .left: horizontal = rect.minX
    case .right: horizontal = rect.maxX
    case .centerX: horizontal = rect.midX
    case .leftMargin: horizontal = rect.minX + margins.left
    case .rightMargin: horizontal = rect.maxX - margins.right
    case .centerXWithinMargins: horizontal = (rect.minX + margins.left + rect.maxX - margins.right) / 2
    case .leading: horizontal = rtl ? rect.maxX : rect.minX
    case .trailing: horizontal = rtl ? rect.minX : rect.maxX
    case .leadingMargin: horizontal = rtl ? rect.maxX - margins.right : rect.minX + margins.left
    case .trailingMargin: horizontal = rtl ? rect.minX + margins.left : rect.maxX - margins.right
    }
    let rootWidth = result.views.first?.frame.width ?? 0
    return mirrored ? rootWidth - horizontal : horizontal
  }

  /// Asserts that every required constraint of `constraints` holds within `tolerance`
  /// (constraints naming items without frames are skipped).
  public func assertRequiredHold(
    _ constraints: [LayoutConstraint], tolerance: Double = 1e-6, _ context: String = "",
    file: StaticString = #filePath, line: UInt = #line
  ) {
    for constraint in constraints where constraint.priority >= 1000 {
      guard let violation = violation(of: constraint) else { continue }
      XCTAssertLessThanOrEqual(
        violation, tolerance, "\(context) required constraint \(constraint.id) (\(constraint)) fails by \(violation)",
        file: file, line: line)
    }
  }

  /// Asserts that the engine's broken optional constraints are exactly the optional ones of
  /// `constraints` that do not hold here, each with the violation measured here, and that
  /// they are listed in installation order (their order in `constraints`).
  public func assertBrokenOptionalsAgree(
    _ constraints: [LayoutConstraint], engine: LayoutEngine, tolerance: Double = 1e-6, _ context: String = "",
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let reported = engine.brokenOptionalConstraints.filter { broken in
      constraints.contains { $0.id == broken.constraint.id }
    }
    var expected: [(id: String, violation: Double)] = []
    for constraint in constraints where constraint.priority < 1000 {
      guard let violation = violation(of: constraint), violation > tolerance else { continue }
      expected.append((constraint.id, violation))
    }
    XCTAssertEqual(
      reported.map(\.constraint.id), expected.map(\.id), "\(context) broken optional constraints", file: file,
      line: line)
    for (broken, wanted) in zip(reported, expected) where broken.constraint.id == wanted.id {
      XCTAssertEqual(
        broken.violation, wanted.violation, accuracy: tolerance, "\(context) violation of \(wanted.id)", file: file,
        line: line)
    }
  }
}

/// Asserts that `result` has a view `id` at (x, y, width, height), within `accuracy`.
public func assertRect(
  _ result: LayoutResult, _ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
  accuracy: Double = 1e-6, file: StaticString = #filePath, line: UInt = #line
) {
  guard let frame = result.view(id)?.frame else {
    XCTFail("no view \(id)", file: file, line: line)
    return
  }
  assertFrame(frame, x, y, width, height, id, accuracy: accuracy, file: file, line: line)
}

/// Asserts that `actual` is (x, y, width, height), within `accuracy` on each.
public func assertFrame(
  _ actual: Rect, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ message: String = "",
  accuracy: Double = 1e-6, file: StaticString = #filePath, line: UInt = #line
) {
  let close = [(actual.x, x), (actual.y, y), (actual.width, width), (actual.height, height)].allSatisfy {
    abs($0.0 - $0.1) <= accuracy
  }
  if !close {
    XCTFail(
      "\(message): got \(actual), expected \(Rect(x: x, y: y, width: width, height: height))", file: file, line: line)
  }
}
