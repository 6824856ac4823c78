import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisTestSupport
import XCTest

/// Relations, priorities, content size, conflicts and ambiguity, solved.
final class EngineSolvingTests: XCTestCase {
  /// Pins `ids` to the top-left corner with height 10, so only widths are in question.
  private func pinned(_ ids: [String]) -> [String] {
    ids.flatMap { ["\($0).left == root.left", "\($0).top == root.top", "\($0).height == 10"] }
  }

  func testRelationsAgainstCompetingOptionalConstraints() {
    let doc = Layout {
      View("a"); View("b"); View("c")
    } constraints: {
      ["a.width >= 100", "a.width == 50 @500"]  // 1, 2: the minimum wins → 100
      ["b.width <= 80", "b.width == 200 @500"]  // 3, 4: the maximum wins → 80
      ["c.width >= 60", "c.width <= 90", "c.width == 75 @500"]  // 5, 6, 7: inside the range → 75
      pinned(["a", "b", "c"])
    }
    let engine = LayoutEngine(document: doc)
    let r = solve(engine, environment(400, 300))
    XCTAssertEqual(r.view("a")?.frame.width ?? 0, 100, accuracy: 1e-9)
    XCTAssertEqual(r.view("b")?.frame.width ?? 0, 80, accuracy: 1e-9)
    XCTAssertEqual(r.view("c")?.frame.width ?? 0, 75, accuracy: 1e-9)
    XCTAssertEqual(brokenIDs(engine), ["constraint#2", "constraint#4"])
    // Violations: |100 − 50| = 50 and |80 − 200| = 120.
    XCTAssertEqual(engine.brokenOptionalConstraints.map(\.violation), [50, 120])
  }

  /// The broken optional constraints are found when asked, from the solver the last layout
  /// used: moving between sizes (and between the engine's kept solvers) must report the last.
  func testBrokenOptionalConstraintsAreTheLastLayouts() {
    let doc = Layout {
      View("a")
    } constraints: {
      ["a.width <= root.width - 100", "a.width == 300 @500"]
      pinned(["a"])
    }
    let engine = LayoutEngine(document: doc)
    // 375 wide: at most 275, so the 300 is missed by 25.
    _ = solve(engine, environment(375, 300))
    XCTAssertEqual(engine.brokenOptionalConstraints.map(\.violation), [25])
    // 500 wide (another kept solver: wider than 375): 300 fits.
    _ = solve(engine, environment(500, 300))
    XCTAssertEqual(engine.brokenOptionalConstraints.map(\.violation), [])
    // 350 wide, on the first solver again: at most 250, missed by 50.
    _ = solve(engine, environment(350, 300))
    XCTAssertEqual(engine.brokenOptionalConstraints.map(\.violation), [50])
    XCTAssertEqual(brokenIDs(engine), ["constraint#2"])
  }

  func testPriorities() {
    let doc = Layout {
      View("a"); View("b"); View("c")
    } constraints: {
      ["a.width == 100 @750", "a.width == 200 @250"]  // 1, 2: 750 beats 250 → 100
      ["b.width == 100 @750", "b.width == 200 @250", "b.width == 150"]  // 3, 4, 5: required beats both → 150
      ["c.width == 100 @750", "c.width == 200 @749", "c.width == 200 @749"]  // 6, 7, 8
      pinned(["a", "b", "c"])
    }
    let strict = LayoutEngine(document: doc)
    let r = solve(strict, environment(400, 300))
    XCTAssertEqual(r.view("a")?.frame.width ?? 0, 100, accuracy: 1e-9)
    XCTAssertEqual(r.view("b")?.frame.width ?? 0, 150, accuracy: 1e-9)
    // Strict: one 750 is never traded for any number of 749s → 100.
    XCTAssertEqual(r.view("c")?.frame.width ?? 0, 100, accuracy: 1e-9)
    XCTAssertEqual(
      brokenIDs(strict), ["constraint#2", "constraint#3", "constraint#4", "constraint#7", "constraint#8"])
    // Weighted (kiwi's sum): 750 × |w − 100| + 2 × 749 × |w − 200| is least at w = 200.
    let weighted = LayoutEngine(document: doc, mode: .weighted)
    let w = solve(weighted, environment(400, 300))
    XCTAssertEqual(w.view("c")?.frame.width ?? 0, 200, accuracy: 1e-9)
    XCTAssertEqual(w.view("a")?.frame.width ?? 0, 100, accuracy: 1e-9)
  }

  func testCompressionResistanceGivesWay() {
    // "Hello world" at 10 pt is 11 × 5 = 55 wide; the container is 40 wide.
    let doc = Layout {
      View.label("l", "Hello world", fontSize: 10)
    } constraints: {
      ["l.leading == root.leading", "l.trailing == root.trailing", "l.top == root.top"]
    }
    let engine = LayoutEngine(document: doc)
    let r = solve(engine, environment(40, 100))
    assertRect(r, "l", 0, 0, 40, 12)
    XCTAssertEqual(brokenIDs(engine), ["l#width-compression"])
    XCTAssertEqual(engine.brokenOptionalConstraints.first?.violation ?? 0, 15, accuracy: 1e-9)  // 55 − 40
  }

  // Hugging and compression resistance between two labels: Tests/Fixtures/layouts/priorities/
  // hugging.json and compression.json (the same frames and broken constraints).

  func testConflictBreaksTheLaterRequiredConstraint() throws {
    let doc = Layout {
      View("a")
    } constraints: {
      "a.width == 100"
      "a.width == 200"
      pinned(["a"])
    }
    let engine = LayoutEngine(document: doc)
    let r = solve(engine, environment(400, 300))
    XCTAssertEqual(r.view("a")?.frame.width ?? 0, 100, accuracy: 1e-9)
    XCTAssertTrue(r.hasConflicts)
    XCTAssertEqual(r.diagnostics.count, 1)
    guard let d = r.diagnostics.first else { return }
    XCTAssertEqual(d.severity, .error)
    XCTAssertNotNil(d.location)
    XCTAssertEqual(d.location, doc.constraints[1].location)  // the second constraint's line
    XCTAssertEqual(d.path, "$.constraints[1]")
    // UIKit's console form: the message, the conflicting set with the broken one, the recovery.
    XCTAssertEqual(d.message, "Unable to simultaneously satisfy constraints.")
    let at1 = doc.constraints[0].location
    let at2 = doc.constraints[1].location
    XCTAssertEqual(
      d.notes,
      [
        Diagnostic.Note("'constraint#1' a.width == 100", at: at1),
        Diagnostic.Note("'constraint#2' a.width == 200", at: at2),
        Diagnostic.Note("Will attempt to recover by breaking constraint 'constraint#2' a.width == 200.", at: at2),
        Diagnostic.Note(
          "UIKit breaks the later-added of equal shapes (a guess); docs/semantics.md, \"Which constraint UIKit breaks\"."
        ),
      ])
    XCTAssertEqual(d.kind, .conflict)
    XCTAssertEqual(d.code, "unsatisfiable")
    XCTAssertEqual(d.environment?.description, "400x300, wC hR")
    XCTAssertFalse(engine.installedConstraints.contains { $0.id == "constraint#2" })
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["constraint#2"])
  }

  func testConflictWithAGeneratedConstraintNamesItsReason() {
    // "abcd" is 20 wide; required compression resistance conflicts with width 10. Content size
    // is added after the file (docs/semantics.md §2), so the compression resistance is broken.
    let doc = Layout {
      View.label("l", "abcd", fontSize: 10, compressionResistance: AxisValues(horizontal: 1000, vertical: 750))
    } constraints: {
      ["l.width == 10", "l.left == root.left", "l.top == root.top"]
    }
    let r = solve(LayoutEngine(document: doc), environment(100, 100))
    XCTAssertEqual(r.view("l")?.frame.width ?? 0, 10, accuracy: 1e-9)
    XCTAssertEqual(
      r.diagnostics.first?.notes.map(\.message).dropFirst(),
      [
        "'l#width-compression' l.width >= 20 (horizontal compression resistance of l)",
        "Will attempt to recover by breaking constraint 'l#width-compression' l.width >= 20 "
          + "(horizontal compression resistance of l).",
        "UIKit breaks a required content size before the app's constraint (a guess); docs/semantics.md, \"Which constraint UIKit breaks\".",
      ])
  }

  func testRequiredConstraintsNeverResizeTheRoot() {
    // The root's size is required and added first: the constraint that closes the cycle (the
    // third) is broken and the root keeps the container's 375 (earlier versions resized the root).
    let doc = Layout {
      View("a")
    } constraints: {
      ["a.leading == root.leading", "a.trailing == root.trailing", "a.width == 500", "a.top == root.top"]
      "a.height == 10"
    }
    let r = solve(LayoutEngine(document: doc), environment(375, 667))
    assertRect(r, "root", 0, 0, 375, 667)
    assertRect(r, "a", 0, 0, 375, 10)
    XCTAssertTrue(r.hasConflicts)
    XCTAssertEqual(r.diagnostics.map(\.code), ["unsatisfiable"])
    XCTAssertEqual(r.diagnostics.first?.location, doc.constraints[2].location)
    XCTAssertEqual(r.diagnostics.first?.notes.count, 6)  // container, the three, the recovery, its basis
  }

  func testOptionalConstraintsNeverOutweighTheContainer() {
    // Weighted: 2 × 750 × |W − 500| outweighed the container's old 999.999 edit; now the
    // container is required in both modes and a stays 400 wide.
    let doc = Layout {
      View("a")
    } constraints: {
      ["a.width == root.width", "a.width == 500 @750", "a.width == 500 @750"]
      pinned(["a"])
    }
    for mode in [Solver.Mode.weighted, .strict] {
      let r = solve(LayoutEngine(document: doc, mode: mode), environment(400, 300))
      assertRect(r, "root", 0, 0, 400, 300)
      XCTAssertFalse(r.hasConflicts)
      XCTAssertEqual(r.diagnostics, [])
    }
  }

  func testAmbiguity() {
    let doc = Layout {
      View("a"); View("b"); View("ok")
    } constraints: {
      "a.width == 100"
      // Two equal-priority wishes: any x in 0…100 is as good.
      ["b.left == root.left @500", "b.left == root.left + 100 @500", "b.top == root.top", "b.width == 1"]
      "b.height == 1"
      pinned(["ok"])
      "ok.width == 5"
    }
    let r = solve(LayoutEngine(document: doc), environment(400, 300))
    XCTAssertEqual(r.ambiguousViews.map(\.id), ["a", "b"])
    XCTAssertEqual(r.ambiguousViews.first?.attributes, [.left, .top, .height])
    XCTAssertEqual(r.ambiguousViews.last?.attributes, [.left])
    XCTAssertEqual(
      r.diagnostics.map(\.message),
      [
        "View 'a' has an ambiguous horizontal position, vertical position and height.",
        "View 'b' has an ambiguous horizontal position.",
      ])
    XCTAssertEqual(r.diagnostics.map(\.code), ["ambiguous-frame", "ambiguous-position"])
    XCTAssertTrue(r.diagnostics.allSatisfy { $0.severity == .warning })
    XCTAssertEqual(r.diagnostics.map(\.kind), [.ambiguity, .ambiguity])
    XCTAssertEqual(r.diagnostics.map { $0.environment?.description }, ["400x300, wC hR", "400x300, wC hR"])
    XCTAssertFalse(r.hasConflicts)
  }
}
