import XCTest

@testable import TrellisLayout

/// The CS193P Concentration layout (the lecture demo, concentration-demo.md), built in Swift,
/// through resolution, stacks and the engine. Skipped while `StackLayout` generates nothing.
final class ConcentrationEngineTests: XCTestCase {
  private func v<T>(_ base: T, _ variations: [(TraitPattern, T)]) -> Varying<T> {
    Varying(base, variations: variations.map { Varying<T>.Variation(pattern: $0.0, value: $0.1) })
  }

  private func concentration() -> LayoutDocument {
    let hC = TraitPattern(vertical: .compact)
    let hR = TraitPattern(vertical: .regular)
    func stack(_ axis: StackAxis, _ distribution: StackDistribution) -> StackProperties {
      StackProperties(axis: Varying(axis), distribution: Varying(distribution), spacing: Varying(8))
    }
    func card(_ n: Int) -> ViewNode { ViewNode(id: "card\(n)", kind: .button) }
    let rows = ViewNode(
      id: "rows", kind: .stack,
      children: (1...5).map { r in
        ViewNode(
          id: "row\(r)", kind: .stack, children: (1...4).map { card((r - 1) * 4 + $0) },
          hidden: r == 5 ? v(false, [(hC, true)]) : Varying(false), stack: stack(.horizontal, .fillEqually))
      }, stack: stack(.vertical, .fillEqually))
    let extra = ViewNode(
      id: "extraColumn", kind: .stack, children: (21...24).map(card), hidden: v(false, [(hR, true)]),
      stack: stack(.vertical, .fillEqually))
    let grid = ViewNode(id: "cardGrid", kind: .stack, children: [rows, extra], stack: stack(.horizontal, .fill))
    let flips = ViewNode(
      id: "flipCountLabel", kind: .label, text: v("Flips: 0", [(hC, "Flips\n0")]), fontSize: Varying(20),
      numberOfLines: 0)
    let regular = v(false, [(hR, true)])
    let compact = v(false, [(hC, true)])
    var specs = [
      spec("cardGrid.top == safeArea.top + 8", line: 1), spec("cardGrid.leading == safeArea.leading + 8", line: 2),
    ]
    let regularTexts = [
      "cardGrid.trailing == safeArea.trailing - 8", "flipCountLabel.top == cardGrid.bottom + 8",
      "flipCountLabel.centerX == safeArea.centerX", "flipCountLabel.bottom == safeArea.bottom",
    ]
    let compactTexts = [
      "flipCountLabel.centerY == safeArea.centerY", "flipCountLabel.trailing == safeArea.trailing - 8",
      "cardGrid.trailing == flipCountLabel.leading - 8", "cardGrid.bottom == safeArea.bottom - 8",
      "extraColumn.width == card1.width",
    ]
    for (i, text) in regularTexts.enumerated() { specs.append(spec(text, installed: regular, line: 3 + i)) }
    for (i, text) in compactTexts.enumerated() { specs.append(spec(text, installed: compact, line: 7 + i)) }
    return LayoutDocument(
      file: "concentration.json", root: ViewNode(id: "root", kind: .view, children: [grid, flips]), constraints: specs)
  }

  // iPhone X portrait and landscape (platform-facts.md §1).
  private let portrait = environment(375, 812, wChR, safeArea: EdgeInsets(top: 44, bottom: 34), scale: 3)
  private let landscape = environment(812, 375, wChC, safeArea: EdgeInsets(left: 44, bottom: 21, right: 44), scale: 3)

  private func visibleCards(_ r: LayoutResult) -> [LayoutResult.ViewFrame] {
    r.views.filter { $0.kind == .button && !$0.isEffectivelyHidden }
  }

  func testPortraitIsFourAcrossFiveDown() throws {
    let doc = concentration()
    try skipUnlessStacksGenerateConstraints()
    let r = solve(LayoutEngine(document: doc), portrait)
    XCTAssertEqual(r.diagnostics, [])
    XCTAssertEqual(r.ambiguousViews.count, 0)
    // Label "Flips: 0" at 20 pt = 80 × 24; bottom on the safe area's 812 − 34 = 778; centred on 187.5.
    assertRect(r, "flipCountLabel", 147.5, 754, 80, 24)
    // Grid: top 44 + 8, leading 8, trailing 375 − 8, bottom 754 − 8 = 746.
    assertRect(r, "cardGrid", 8, 52, 359, 694)
    // The extra column is hidden and collapses; cards (359 − 3 × 8)/4 = 83.75 wide and
    // (694 − 4 × 8)/5 = 132.4 tall.
    let cards = visibleCards(r)
    XCTAssertEqual(cards.count, 20)
    XCTAssertEqual(cards.map(\.id), (1...20).map { "card\($0)" })
    assertRect(r, "card1", 8, 52, 83.75, 132.4)
    assertRect(r, "card2", 99.75, 52, 83.75, 132.4)  // 8 + 83.75 + 8
    assertRect(r, "card20", 283.25, 613.6, 83.75, 132.4)  // 8 + 3 × 91.75, 52 + 4 × 140.4
  }

  func testLandscapeIsFiveAcrossFourDown() throws {
    let doc = concentration()
    try skipUnlessStacksGenerateConstraints()
    let r = solve(LayoutEngine(document: doc), landscape)
    XCTAssertEqual(r.diagnostics, [])
    // Label "Flips\n0" = 50 × 48; trailing 812 − 44 − 8 = 760; centre y = 354/2 = 177.
    assertRect(r, "flipCountLabel", 710, 153, 50, 48)
    // Grid: leading 44 + 8 = 52, trailing 710 − 8 = 702, top 8, bottom 375 − 21 − 8 = 346.
    assertRect(r, "cardGrid", 52, 8, 650, 338)
    // Row 5 hidden: 4 rows of (338 − 3 × 8)/4 = 78.5. Width: 4c + 3 × 8 + 8 + c = 650 → c = 123.6.
    let cards = visibleCards(r)
    XCTAssertEqual(cards.count, 20)
    XCTAssertEqual(cards.map(\.id), ((1...16).map { "card\($0)" } + (21...24).map { "card\($0)" }))
    assertRect(r, "card1", 52, 8, 123.6, 78.5)
    // Extra column x = 52 + 4 × 123.6 + 3 × 8 + 8 = 578.4.
    assertRect(r, "card21", 578.4, 8, 123.6, 78.5)
    assertRect(r, "card24", 578.4, 267.5, 123.6, 78.5)  // 8 + 3 × (78.5 + 8)
    // The label stays in the safe area, clear of every card.
    guard let label = r.view("flipCountLabel")?.frame else { return }
    XCTAssertTrue(label.minX >= r.safeArea.minX && label.maxX <= r.safeArea.maxX)
    XCTAssertTrue(label.minY >= r.safeArea.minY && label.maxY <= r.safeArea.maxY)
    for card in cards { XCTAssertTrue(card.frame.maxX <= label.minX || card.frame.minY >= label.maxY, card.id) }
  }

  func testRotationBothWaysMatchesFreshEngines() throws {
    let doc = concentration()
    try skipUnlessStacksGenerateConstraints()
    let engine = LayoutEngine(document: doc)
    for env in [portrait, landscape, portrait, landscape] {
      let moved = solve(engine, env)
      let fresh = LayoutEngine(document: doc).layout(in: env)
      for (a, b) in zip(moved.views, fresh.views) {
        let d = max(
          abs(a.frame.x - b.frame.x), abs(a.frame.y - b.frame.y), abs(a.frame.width - b.frame.width),
          abs(a.frame.height - b.frame.height))
        XCTAssertLessThan(d, 1e-9, "\(env.traits) \(a.id)")
      }
      XCTAssertEqual(moved.diagnostics, [])
    }
    XCTAssertEqual(engine.lastUpdate?.rebuilt, false)
  }
}
