import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// The CS193P Concentration layout (the lecture demo, concentration-demo.md), built in Swift,
/// through resolution, stacks and the engine.
final class ConcentrationEngineTests: XCTestCase {
  private func concentration() -> LayoutDocument {
    func card(_ n: Int) -> View { View("card\(n)", kind: .button) }
    return Layout(file: "concentration.json") {
      Stack("cardGrid", spacing: 8) {
        Stack("rows", axis: .vertical, distribution: .fillEqually, spacing: 8) {
          for r in 1...5 {
            Stack(
              "row\(r)", distribution: .fillEqually, spacing: 8, hidden: r == 5 ? Varying(false, ["hC": true]) : false
            ) {
              for c in 1...4 { card((r - 1) * 4 + c) }
            }
          }
        }
        Stack(
          "extraColumn", axis: .vertical, distribution: .fillEqually, spacing: 8, hidden: Varying(false, ["hR": true])
        ) {
          for n in 21...24 { card(n) }
        }
      }
      View(
        "flipCountLabel", kind: .label, text: Varying("Flips: 0", ["hC": "Flips\n0"]), fontSize: 20, numberOfLines: 0)
    } constraints: {
      "cardGrid.top == safeArea.top + 8"
      "cardGrid.leading == safeArea.leading + 8"
      When("hR") {
        "cardGrid.trailing == safeArea.trailing - 8"
        "flipCountLabel.top == cardGrid.bottom + 8"
        "flipCountLabel.centerX == safeArea.centerX"
        "flipCountLabel.bottom == safeArea.bottom"
      }
      When("hC") {
        "flipCountLabel.centerY == safeArea.centerY"
        "flipCountLabel.trailing == safeArea.trailing - 8"
        "cardGrid.trailing == flipCountLabel.leading - 8"
        "cardGrid.bottom == safeArea.bottom - 8"
        "extraColumn.width == card1.width"
      }
    }
  }

  // iPhone X portrait and landscape (platform-facts.md §1).
  private let portrait = environment(375, 812, wChR, safeArea: EdgeInsets(top: 44, bottom: 34), scale: 3)
  private let landscape = environment(812, 375, wChC, safeArea: EdgeInsets(left: 44, bottom: 21, right: 44), scale: 3)

  private func visibleCards(_ r: LayoutResult) -> [LayoutResult.ViewFrame] {
    r.views.filter { $0.kind == .button && !$0.isEffectivelyHidden }
  }

  func testPortraitIsFourAcrossFiveDown() throws {
    let doc = concentration()
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
