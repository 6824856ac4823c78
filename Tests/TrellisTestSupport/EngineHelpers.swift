import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

// Environments and solving helpers for engine tests.

/// Compact width, regular height: an iPhone in portrait.
public let wChR = TraitCollection(horizontal: .compact, vertical: .regular)
/// Compact width and height: most iPhones in landscape.
public let wChC = TraitCollection(horizontal: .compact, vertical: .compact)
/// Regular width, compact height: large iPhones in landscape.
public let wRhC = TraitCollection(horizontal: .regular, vertical: .compact)
/// Regular width and height: iPads.
public let wRhR = TraitCollection(horizontal: .regular, vertical: .regular)

/// A custom environment: `width` × `height` points, `wC hR` at @1x left-to-right unless told.
public func environment(
  _ width: Double, _ height: Double, _ traits: TraitCollection = wChR, safeArea: EdgeInsets = .zero,
  scale: Double = 1, direction: LayoutDirection = .leftToRight
) -> Environment {
  Environment(
    containerSize: Size(width: width, height: height), traits: traits, safeAreaInsets: safeArea, scale: scale,
    layoutDirection: direction)
}

/// Lays out, checks with ``ConstraintCheck`` that every installed required constraint holds on
/// the frames (unsnapped layouts only: snapping moves edges by design), and returns the result.
@discardableResult
public func solve(
  _ engine: LayoutEngine, _ environment: Environment, snap: Bool = false, file: StaticString = #filePath,
  line: UInt = #line
) -> LayoutResult {
  let result = engine.layout(in: environment, snapToPixels: snap)
  if !snap {
    ConstraintCheck(document: engine.document, result: result)
      .assertRequiredHold(engine.installedConstraints, file: file, line: line)
  }
  return result
}

/// Ids of the optional constraints the engine's last layout broke, sorted.
public func brokenIDs(_ engine: LayoutEngine) -> [String] {
  engine.brokenOptionalConstraints.map(\.constraint.id).sorted()
}
