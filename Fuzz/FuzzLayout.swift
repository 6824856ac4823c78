// libFuzzer harness: a whole layout file, read by LayoutReader, resolved in the four size-class
// combinations and solved by LayoutEngine with its ambiguity check on. Built by
// scripts/fuzz.sh together with the TrellisLayout sources and Fuzz/Support/.
//
// Whatever the input: no trap; the reader's diagnostics are capped, in the file and sorted, a
// document is produced exactly when there is no error, and it keeps every rule of
// docs/layout-format.md. For a document, in each environment (two of them right-to-left):
// every frame, the safe area and the margins are finite; every installed required constraint
// holds on the frames (checked with this file's own reading of the anchors, within a
// relative 1e-6); a rejected constraint means `hasConflicts`; the engine's diagnostics point
// into the file. When a layout has no conflict and no ambiguous view its frames equal a fresh
// engine's (the live engine moved through every environment before), and going back to the
// first environment gives the first frames again.

import Foundation
import TrellisSolver

private let environments: [Environment] = [
  Environment(
    containerSize: Size(width: 667, height: 375), traits: TraitCollection(horizontal: .compact, vertical: .compact),
    safeAreaInsets: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44), scale: 2),
  Environment(
    containerSize: Size(width: 375, height: 667), traits: TraitCollection(horizontal: .compact, vertical: .regular),
    safeAreaInsets: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0), scale: 3, layoutDirection: .rightToLeft),
  Environment(
    containerSize: Size(width: 896, height: 414), traits: TraitCollection(horizontal: .regular, vertical: .compact),
    safeAreaInsets: EdgeInsets(top: 0, left: 48, bottom: 21, right: 48), scale: 3),
  Environment(
    containerSize: Size(width: 1024, height: 1366), traits: TraitCollection(horizontal: .regular, vertical: .regular),
    safeAreaInsets: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0), scale: 2, layoutDirection: .rightToLeft),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  let source = FuzzSource(file: "fuzz.json", bytes: bytes)
  let read = LayoutReader.parse(bytes: bytes, file: "fuzz.json")
  checkDiagnostics(read.diagnostics, in: source, sorted: true, context: "LayoutReader")
  if read.diagnostics.count > ReaderLimits().maxDiagnostics + 1 {
    fuzzFail("LayoutReader: \(read.diagnostics.count) diagnostics, more than the limit plus one summary")
  }
  if (read.document == nil) != read.hasErrors {
    fuzzFail("LayoutReader: document \(read.document == nil ? "missing" : "present") with hasErrors = \(read.hasErrors)")
  }
  _ = read.renderedDiagnostics
  guard let document = read.document else { return 0 }
  checkDocument(document, source: source, context: "document")

  let engine = LayoutEngine(document: document)
  var first: LayoutResult?
  for environment in environments {
    let result = engine.layout(in: environment)
    check(result, engine, source: source)
    if first == nil { first = result }
    if isUnique(result) {
      let fresh = LayoutEngine(document: document).layout(in: environment)
      compare(result, fresh, "the live engine and a fresh one")
    }
  }
  if let first {
    let again = engine.layout(in: first.environment)
    check(again, engine, source: source)
    if isUnique(first) && isUnique(again) { compare(first, again, "the first layout and the same environment again") }
  }

  // Weighted mode: only what must hold in any mode.
  let weighted = LayoutEngine(document: document, mode: .weighted)
  if let environment = environments.first { check(weighted.layout(in: environment), weighted, source: source) }
  return 0
}

private func isUnique(_ result: LayoutResult) -> Bool {
  !result.hasConflicts && result.ambiguousViews.isEmpty && !result.diagnostics.contains { $0.severity == .error }
}

private func compare(_ a: LayoutResult, _ b: LayoutResult, _ what: String) {
  for (x, y) in zip(a.views, b.views) {
    let pairs = [(x.frame.x, y.frame.x), (x.frame.y, y.frame.y), (x.frame.width, y.frame.width), (x.frame.height, y.frame.height)]
    for (p, q) in pairs where abs(p - q) > 1e-6 * max(1, abs(p), abs(q)) {
      fuzzFail("\(what) differ in \(a.environment) for view \(x.id): \(x.frame) vs \(y.frame)")
    }
  }
}

private func check(_ result: LayoutResult, _ engine: LayoutEngine, source: FuzzSource) {
  let environment = result.environment
  let context = "layout in \(environment)"
  checkDiagnostics(result.diagnostics, in: source, sorted: false, context: context)
  if !engine.rejectedConstraints.isEmpty && !result.hasConflicts { fuzzFail("\(context): rejected constraints without hasConflicts") }
  func finite(_ rect: Rect) -> Bool { [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) }
  for view in result.views where !finite(view.frame) || !finite(view.frameInParent) {
    fuzzFail("\(context): view \(view.id) has frame \(view.frame)")
  }
  if !finite(result.safeArea) || !finite(result.margins) { fuzzFail("\(context): guides \(result.safeArea) \(result.margins)") }
  if result.views.count != engine.document.allViews.count { fuzzFail("\(context): \(result.views.count) views laid out") }

  // Required constraints, read from the frames independently of the engine's AnchorMap.
  let resolved = engine.document.resolved(for: environment)
  var views: [String: ResolvedView] = [:]
  for view in resolved.views where views[view.id] == nil { views[view.id] = view }
  var frames: [String: Rect] = [:]
  for view in result.views where frames[view.id] == nil { frames[view.id] = view.frame }
  let rtl = environment.layoutDirection == .rightToLeft
  let rootID = resolved.views.first?.id ?? "root"
  let rootWidth = frames[rootID]?.width ?? 0
  func value(_ anchor: AnchorReference, mirrored: Bool) -> Double? {
    let rect: Rect
    var margins = EdgeInsets.zero
    var firstBaseline: Double?
    var lastBaseline: Double?
    switch anchor.item {
    case "safeArea" where views["safeArea"] == nil: rect = result.safeArea
    case "margins" where views["margins"] == nil: rect = result.margins
    default:
      // Stack guides (`g#gap1`) are not views: their constraints are not checked here.
      guard let frame = frames[anchor.item], let view = views[anchor.item] else { return nil }
      rect = frame
      margins = view.layoutMargins
      firstBaseline = view.firstBaselineOffset
      lastBaseline = view.lastBaselineOffset
      if view.parent == nil {
        // The root's own margins are the margins guide.
        let m = result.margins
        margins = EdgeInsets(top: m.y, left: m.x, bottom: rect.height - m.y - m.height, right: rect.width - m.x - m.width)
      }
    }
    let left = rect.x
    let right = rect.x + rect.width
    let top = rect.y
    let bottom = rect.y + rect.height
    let horizontal: Double
    switch anchor.attribute {
    case .width: return rect.width
    case .height: return rect.height
    case .top: return top
    case .bottom: return bottom
    case .centerY: return top + rect.height / 2
    case .topMargin: return top + margins.top
    case .bottomMargin: return bottom - margins.bottom
    case .centerYWithinMargins: return (top + margins.top + bottom - margins.bottom) / 2
    case .firstBaseline: return top + (firstBaseline ?? 0)
    case .lastBaseline: return lastBaseline.map { top + $0 } ?? bottom
    case .left: horizontal = left
    case .right: horizontal = right
    case .centerX: horizontal = left + rect.width / 2
    case .leftMargin: horizontal = left + margins.left
    case .rightMargin: horizontal = right - margins.right
    case .centerXWithinMargins: horizontal = (left + margins.left + right - margins.right) / 2
    case .leading: horizontal = rtl ? right : left
    case .trailing: horizontal = rtl ? left : right
    case .leadingMargin: horizontal = rtl ? right - margins.right : left + margins.left
    case .trailingMargin: horizontal = rtl ? left + margins.left : right - margins.right
    }
    return mirrored ? rootWidth - horizontal : horizontal
  }
  for constraint in engine.installedConstraints where constraint.priority >= 1000 {
    let mirrored =
      rtl && (constraint.first.attribute.isDirectional || constraint.second?.attribute.isDirectional == true)
    guard let lhs = value(constraint.first, mirrored: mirrored) else { continue }
    var rhs = constraint.constant
    var scale = max(1, abs(lhs), abs(constraint.constant), rootWidth)
    if let second = constraint.second {
      guard let other = value(second, mirrored: mirrored) else { continue }
      rhs += constraint.multiplier * other
      scale = max(scale, abs(constraint.multiplier * other), abs(other))
    }
    let tolerance = 1e-6 * scale
    let holds: Bool
    switch constraint.relation {
    case .equal: holds = abs(lhs - rhs) <= tolerance
    case .lessThanOrEqual: holds = lhs <= rhs + tolerance
    case .greaterThanOrEqual: holds = lhs >= rhs - tolerance
    }
    if !holds {
      fuzzFail("\(context): required constraint '\(constraint.id)' (\(constraint)) does not hold: \(lhs) vs \(rhs)")
    }
  }
}
