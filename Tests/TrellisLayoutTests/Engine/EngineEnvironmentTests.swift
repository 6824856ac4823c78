import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Size classes, container sizes and incremental relayout.
final class EngineEnvironmentTests: XCTestCase {
  /// A box whose width constant varies (any 100, hC 150, wR 200, wR hR 300) and which is
  /// hidden in compact height; a label below it in regular height ("Flips: 0") and beside
  /// it in compact height ("Flips\n0").
  private func traitDocument() -> LayoutDocument {
    let regularOnly = Varying(true, ["hC": false])
    let compactOnly = Varying(false, ["hC": true])
    return Layout {
      View("box", hidden: Varying(false, ["hC": true]))
      View("flips", kind: .label, text: Varying("Flips: 0", ["hC": "Flips\n0"]), fontSize: 10, numberOfLines: 0)
    } constraints: {
      "box.left == root.left"
      "box.top == root.top"
      Constraint("box.width == 0", id: "boxWidth", constant: Varying(100, ["hC": 150, "wR": 200, "wR hR": 300]))
      "box.height == 50"
      Constraint("flips.top == box.bottom + 8", id: "below", installed: regularOnly)
      Constraint("flips.left == root.left", id: "left", installed: regularOnly)
      Constraint("flips.leading == box.trailing + 8", id: "beside", installed: compactOnly)
      Constraint("flips.top == root.top", id: "top", installed: compactOnly)
    }
  }

  private let traitEnvironments: [Environment] = [
    environment(667, 375, wChC, safeArea: EdgeInsets(left: 44, bottom: 21, right: 44), scale: 2),
    environment(375, 667, wChR, safeArea: EdgeInsets(top: 20), scale: 2),
    environment(736, 414, wRhC, scale: 3),
    environment(1024, 768, wRhR, safeArea: EdgeInsets(top: 20), scale: 2),
  ]

  func testEveryTraitCombination() {
    let doc = traitDocument()
    // "Flips: 0" = 8 × 5 = 40 × 12; "Flips\n0" = 5 × 5 = 25 wide, 24 tall.
    // wC hC: box 150 (hC), hidden; flips beside at 150 + 8 = 158.
    var r = solve(LayoutEngine(document: doc), traitEnvironments[0])
    assertRect(r, "box", 0, 0, 150, 50)
    XCTAssertEqual(r.view("box")?.hidden, true)
    assertRect(r, "flips", 158, 0, 25, 24)
    XCTAssertEqual(r.view("flips")?.text, "Flips\n0")
    // wC hR: box 100 (any); flips below at 50 + 8 = 58.
    r = solve(LayoutEngine(document: doc), traitEnvironments[1])
    assertRect(r, "box", 0, 0, 100, 50)
    XCTAssertEqual(r.view("box")?.hidden, false)
    assertRect(r, "flips", 0, 58, 40, 12)
    XCTAssertEqual(r.view("flips")?.text, "Flips: 0")
    // wR hC: width-only "wR" (200) beats height-only "hC" (150); flips at 208.
    r = solve(LayoutEngine(document: doc), traitEnvironments[2])
    assertRect(r, "box", 0, 0, 200, 50)
    assertRect(r, "flips", 208, 0, 25, 24)
    // wR hR: "wR hR" (300) beats "wR".
    r = solve(LayoutEngine(document: doc), traitEnvironments[3])
    assertRect(r, "box", 0, 0, 300, 50)
    assertRect(r, "flips", 0, 58, 40, 12)
    XCTAssertEqual(r.diagnostics, [])
  }

  func testRotationMatchesAFreshEngineInEveryDirection() {
    let doc = traitDocument()
    let fresh = traitEnvironments.map { LayoutEngine(document: doc).layout(in: $0) }
    for from in traitEnvironments.indices {
      for to in traitEnvironments.indices where to != from {
        let engine = LayoutEngine(document: doc)
        _ = engine.layout(in: traitEnvironments[from])
        let moved = solve(engine, traitEnvironments[to])
        assertSameFrames(moved, fresh[to], "\(traitEnvironments[from].traits) → \(traitEnvironments[to].traits)")
        XCTAssertEqual(engine.lastUpdate?.rebuilt, false)
      }
    }
    // One engine through all four and back again.
    let engine = LayoutEngine(document: doc)
    for index in traitEnvironments.indices + traitEnvironments.indices.reversed() {
      assertSameFrames(solve(engine, traitEnvironments[index]), fresh[index], "round trip \(index)")
    }
  }

  func testRotationChangesOnlyWhatDiffers() {
    let engine = LayoutEngine(document: traitDocument())
    _ = engine.layout(in: traitEnvironments[1])  // wC hR
    XCTAssertEqual(engine.lastUpdate?.rebuilt, true)
    // wC hR → wR hR: only boxWidth's constant changes (100 → 300). Content size of the
    // label is the same text, so everything else is kept.
    _ = engine.layout(in: traitEnvironments[3])
    XCTAssertEqual(
      engine.lastUpdate, LayoutEngine.Update(rebuilt: false, added: 0, removed: 0, constantsChanged: 1, kept: 9))
    // wR hR → wR hC: "below" and "left" go, "beside" and "top" come; the label's text
    // changes its width (40 → 25) and height (12 → 24): its 4 content constraints get new
    // constants; boxWidth 300 → 200.
    _ = engine.layout(in: traitEnvironments[2])
    XCTAssertEqual(
      engine.lastUpdate, LayoutEngine.Update(rebuilt: false, added: 2, removed: 2, constantsChanged: 5, kept: 3))
  }

  func testContainerSizesMatchFreshEngines() {
    let doc = Layout {
      View("a")
    } constraints: {
      ["a.leading == margins.leading", "a.trailing == margins.trailing", "a.top == safeArea.top + 8"]
      ["a.height == 0.5 * root.height @750", "a.height <= 300"]
    }
    let sizes = [(320.0, 568.0), (768.0, 1024.0), (375.0, 667.0)]
    // Width = container − 2 × the root's system minimum margin (16 up to 375 wide, 20 wider);
    // height = min(container/2, 300): 284, 300 (512 capped), 300 (333.5 capped).
    let expected = [
      Rect(x: 16, y: 8, width: 288, height: 284), Rect(x: 20, y: 8, width: 728, height: 300),
      Rect(x: 16, y: 8, width: 343, height: 300),
    ]
    let engine = LayoutEngine(document: doc)
    for (index, size) in sizes.enumerated() {
      let env = environment(size.0, size.1)
      let live = solve(engine, env)
      let fresh = LayoutEngine(document: doc).layout(in: env)
      assertRect(live, "a", expected[index].x, expected[index].y, expected[index].width, expected[index].height)
      assertSameFrames(live, fresh, "\(size)")
      if index > 0 {
        // The edit variables moved, and each size crosses 375 pt: the two constraints that read
        // the root's leading and trailing margins change their constants (16 ↔ 20).
        XCTAssertEqual(
          engine.lastUpdate, LayoutEngine.Update(rebuilt: false, added: 0, removed: 0, constantsChanged: 2, kept: 3))
      }
    }
    XCTAssertEqual(brokenIDs(engine), ["constraint#4"])  // 333.5 wanted, 300 allowed
  }

  func testSafeAreaChangeUpdatesConstantsInPlace() {
    let doc = Layout {
      View("a")
    } constraints: {
      ["a.leading == safeArea.leading", "a.trailing == safeArea.trailing", "a.top == safeArea.top", "a.height == 10"]
    }
    let engine = LayoutEngine(document: doc)
    _ = engine.layout(in: environment(375, 812, safeArea: EdgeInsets(top: 44, bottom: 34)))
    // Landscape iPhone X: insets 0, 44, 21, 44 → a = (44, 0, 812 − 88 = 724, 10).
    let r = solve(engine, environment(812, 375, wChC, safeArea: EdgeInsets(left: 44, bottom: 21, right: 44)))
    assertRect(r, "a", 44, 0, 724, 10)
    XCTAssertEqual(
      engine.lastUpdate, LayoutEngine.Update(rebuilt: false, added: 0, removed: 0, constantsChanged: 3, kept: 1))
  }

  func testDirectionChangeMatchesFreshEngine() {
    let doc = Layout {
      View("a"); View("b")
    } constraints: {
      ["a.leading == root.leading + 10", "a.width == 100", "b.leading == a.trailing + 8"]
      "b.trailing == root.trailing - 20"
      ["a.top == root.top", "b.top == root.top", "a.height == 1", "b.height == 1"]
    }
    let engine = LayoutEngine(document: doc)
    _ = engine.layout(in: environment(400, 300))
    let rtl = environment(400, 300, direction: .rightToLeft)
    let moved = solve(engine, rtl)
    // b: right edge 400 − 10 − 100 − 8 = 282, left edge 20.
    assertRect(moved, "b", 20, 0, 262, 1)
    assertSameFrames(moved, LayoutEngine(document: doc).layout(in: rtl), "LTR → RTL")
    XCTAssertEqual(engine.lastUpdate?.rebuilt, false)
  }

  func testConflictOnlyInOneSizeClassRebuildsAndRecovers() {
    // In compact height a second required width conflicts with the first.
    let doc = Layout {
      View("a")
    } constraints: {
      "a.width == 100"
      Constraint("a.width == 200", when: "hC")
      ["a.left == root.left", "a.top == root.top", "a.height == 10"]
    }
    let engine = LayoutEngine(document: doc)
    let portrait = environment(375, 667, wChR)
    let landscape = environment(667, 375, wChC)
    XCTAssertFalse(solve(engine, portrait).hasConflicts)
    let broken = solve(engine, landscape)
    XCTAssertTrue(broken.hasConflicts)
    XCTAssertEqual(engine.lastUpdate?.rebuilt, true)  // conflicts are decided in the documented order
    assertRect(broken, "a", 0, 0, 100, 10)
    XCTAssertEqual(broken.diagnostics.first?.environment?.description, "667x375, wC hC")
    let back = solve(engine, portrait)
    XCTAssertFalse(back.hasConflicts)
    XCTAssertEqual(back.diagnostics, [])
    assertSameFrames(back, LayoutEngine(document: doc).layout(in: portrait), "after the conflict")
  }

  private func assertSameFrames(
    _ a: LayoutResult, _ b: LayoutResult, _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(a.views.map(\.id), b.views.map(\.id), message, file: file, line: line)
    for (x, y) in zip(a.views, b.views) {
      let same =
        abs(x.frame.x - y.frame.x) < 1e-9 && abs(x.frame.y - y.frame.y) < 1e-9
        && abs(x.frame.width - y.frame.width) < 1e-9 && abs(x.frame.height - y.frame.height) < 1e-9
      XCTAssertTrue(same, "\(message): \(x.id) \(x.frame) vs \(y.frame)", file: file, line: line)
      XCTAssertEqual(x.hidden, y.hidden, message, file: file, line: line)
      XCTAssertEqual(x.text, y.text, message, file: file, line: line)
    }
    XCTAssertEqual(a.safeArea, b.safeArea, message, file: file, line: line)
    XCTAssertEqual(a.diagnostics, b.diagnostics, message, file: file, line: line)
  }
}
