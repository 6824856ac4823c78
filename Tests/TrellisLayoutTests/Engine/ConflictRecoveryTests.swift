import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisTestSupport
import XCTest

/// Conflict recovery as UIKit does it (docs/semantics.md, "Conflict recovery"): the container's
/// size is required and added first, then the file's constraints, then stacks', then content size;
/// the required constraint whose addition finds a conflict is broken and the rest are kept.
final class ConflictRecoveryTests: XCTestCase {
  /// A document of `views` and constraint texts, through the test-support builder.
  private func document(_ views: [ViewNode], _ constraints: [String]) -> LayoutDocument {
    Layout {
      views
    } constraints: {
      constraints
    }
  }

  private func view(_ id: String) -> ViewNode { ViewNode(id: id, kind: .view) }

  /// A label measured at 10 pt (`abcd` is 20 wide).
  private func label(_ id: String, _ text: String) -> ViewNode { View.label(id, Varying(text), fontSize: 10).node }

  private func stack(_ axis: StackAxis, spacing: Double = 8) -> StackProperties {
    StackProperties(axis: Varying(axis), distribution: Varying(.fill), spacing: Varying(spacing))
  }

  /// A required width wider than the container: the root keeps the container's 375 pt and
  /// the constraint that closes the cycle with the container (c3, added last) is broken.
  func testTheRootKeepsTheContainerSize() {
    let doc = document(
      [view("a")],
      [
        "a.leading == root.leading", "a.trailing == root.trailing", "a.width == 500", "a.top == root.top",
        "a.height == 10",
      ])
    let engine = LayoutEngine(document: doc)
    let r = solve(engine, environment(375, 667))
    assertRect(r, "root", 0, 0, 375, 667)
    assertRect(r, "a", 0, 0, 375, 10)
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["constraint#3"])
    XCTAssertEqual(r.diagnostics.map(\.code), ["unsatisfiable"])
    guard let d = r.diagnostics.first else { return }
    XCTAssertEqual(d.message, "Unable to simultaneously satisfy constraints.")
    XCTAssertEqual(d.location, doc.constraints[2].location)
    // The container is named as UIKit's console names a root's size; then the file's, in order.
    XCTAssertEqual(
      d.notes.map(\.message),
      [
        "'UIView-Encapsulated-Layout-Width' root.width == 375 (the container's width)",
        "'constraint#1' a.leading == root.leading", "'constraint#2' a.trailing == root.trailing",
        "'constraint#3' a.width == 500",
        "Will attempt to recover by breaking constraint 'constraint#3' a.width == 500.",
        // Against the container: the maker; against the app's pins: the shape.
        "UIKit breaks the app's constraint before the container's size (observed in conflict logs), and a constant size "
          + "before a trailing or bottom pin (observed in conflict logs); docs/semantics.md, \"Which constraint UIKit breaks\".",
      ])
    let at = doc.constraints.map(\.location)
    XCTAssertEqual(d.notes.map(\.location), [nil, at[0], at[1], at[2], at[2], nil])
    XCTAssertFalse(r.diagnostics.contains { $0.code == "root-size-conflict" })
  }

  /// The same when the required constraint is in place first and the container shrinks under it:
  /// the move fails, the engine rebuilds, and the result is a fresh engine's.
  func testAResizeThatConflictsRebuildsInTheDocumentedOrder() throws {
    let doc = document(
      [view("a")],
      ["a.width == 300", "a.leading == root.leading", "a.trailing <= root.trailing"] + [
        "a.top == root.top", "a.height == 10",
      ])
    let engine = LayoutEngine(document: doc)
    XCTAssertFalse(solve(engine, environment(375, 667)).hasConflicts)
    let narrow = solve(engine, environment(200, 667))
    XCTAssertEqual(engine.lastUpdate?.route, .rebuilt)
    assertRect(narrow, "root", 0, 0, 200, 667)
    // UIKit breaks a constant size before an edge pin (docs/semantics.md, "Which constraint
    // UIKit breaks"): the width goes, and a's width is then only bounded by the trailing edge.
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["constraint#1"])
    let a = try XCTUnwrap(narrow.view("a")?.frame)
    XCTAssertEqual([a.x, a.y, a.height], [0, 0, 10])
    XCTAssertLessThanOrEqual(a.width, 200)
    let fresh = LayoutEngine(document: doc).layout(in: environment(200, 667))
    XCTAssertEqual(narrow.views, fresh.views)
    XCTAssertEqual(narrow.diagnostics, fresh.diagnostics)
    // And back: nothing broken any more.
    let wide = solve(engine, environment(375, 667))
    XCTAssertFalse(wide.hasConflicts)
    XCTAssertEqual(wide.diagnostics, [])
    assertRect(wide, "a", 0, 0, 300, 10)
  }

  /// A hidden view after the last visible one, pinned by the app to that view's leading edge
  /// (openfoodfacts' IngredientsHeaderCellController.xib has this shape): UIKit ties a hidden
  /// view to its neighbour only at priority 50 (`UISV-spacing-hidden`, docs/stacks.md), so the
  /// app's pin wins and nothing conflicts. By hand: the row fills the root's 320; the image,
  /// the one visible view, fills the row (0, 0, 320, 50); the hidden view is 0 wide
  /// (`UISV-hiding`) at the image's leading edge, x 0, as IB stored it, instead of at the
  /// image's end (x 320, where spacing 0 would put it).
  func testAnAppPinOnAHiddenViewBeatsItsStackSpacing() {
    let image = ViewNode(id: "image", kind: .view)
    let callout = ViewNode(id: "callout", kind: .view, hidden: Varying(true))
    let row = ViewNode(id: "row", kind: .stack, children: [image, callout], stack: stack(.horizontal, spacing: 0))
    let doc = document(
      [row],
      [
        "row.leading == root.leading", "row.trailing == root.trailing", "row.top == root.top", "row.height == 50",
        "image.leading == callout.leading",
      ])
    let engine = LayoutEngine(document: doc)
    let r = solve(engine, environment(320, 200))
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), [])
    XCTAssertEqual(r.diagnostics.filter { $0.severity == .error }.map(\.code), [])
    assertRect(r, "row", 0, 0, 320, 50)
    assertRect(r, "image", 0, 0, 320, 50)
    assertRect(r, "callout", 0, 0, 0, 50)
  }

  /// The lecture's case: a required `column.width == card.width` on a hidden arranged view.
  /// Since iOS 11 `UISV-hiding` is 999.999, not required (iOS 26.1's UIKitCore, decompiled;
  /// docs/stacks.md), so the app's width wins without a conflict and the hidden column keeps a
  /// card's width. Worked by hand: the grid is the only visible view, so it meets both of
  /// outer's edges (10…390, 380 wide), its card fills it (380); the column is as wide as the
  /// card (380) and sits half a spacing past the grid (`UISV-spacing-hidden` 8/2 at 50):
  /// x = 390 + 4 = 394; the stack's fill alignment makes it 100 tall.
  func testARequiredFileConstraintBeatsUISVHiding() {
    let doc = lectureColumn(width: "column.width == card.width")
    let engine = LayoutEngine(document: doc)
    let r = solve(engine, environment(400, 300))
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), [])
    XCTAssertEqual(r.diagnostics.filter { $0.code == "unsatisfiable" }.map(\.message), [])
    assertRect(r, "grid", 10, 0, 380, 100)
    assertRect(r, "card", 10, 0, 380, 100)
    assertRect(r, "column", 394, 0, 380, 100)
  }

  /// The same width at 999 gives way to `UISV-hiding` at 999.999 (strict priorities: 999.999
  /// is above 999 and below required), so the column collapses; no conflict; the grid as above.
  func testUISVHidingBeatsAnOptionalFileConstraintAt999() {
    let doc = lectureColumn(width: "column.width == card.width @999")
    let engine = LayoutEngine(document: doc)
    let r = solve(engine, environment(400, 300))
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), [])
    XCTAssertEqual(r.diagnostics.filter { $0.code == "unsatisfiable" }.map(\.message), [])
    assertRect(r, "grid", 10, 0, 380, 100)
    XCTAssertEqual(r.view("column")?.frame.width ?? -1, 0, accuracy: 1e-9)
  }

  /// An outer horizontal stack of a visible grid (one card) and a hidden column.
  private func lectureColumn(width: String) -> LayoutDocument {
    let card = ViewNode(id: "card", kind: .view)
    let grid = ViewNode(id: "grid", kind: .stack, children: [card], stack: stack(.vertical))
    let column = ViewNode(
      id: "column", kind: .stack, children: [ViewNode(id: "extra", kind: .view)], hidden: Varying(true),
      stack: stack(.vertical))
    let outer = ViewNode(
      id: "outer", kind: .stack, location: SourceLocation(file: "test.json", line: 90, column: 3),
      children: [grid, column],
      stack: stack(.horizontal))
    return document(
      [outer],
      [
        "outer.leading == root.leading + 10", "outer.trailing == root.trailing - 10", "outer.top == root.top",
        "outer.height == 100", width,
      ])
  }

  /// Content size comes after the file: a required compression resistance (1000) that fights a
  /// file width is the one broken (UIKit makes content-size constraints in the update pass).
  func testAFileConstraintBeatsRequiredCompressionResistance() {
    var l = label("l", "abcd")  // 20 wide at 10 pt
    l.compressionResistance = AxisValues(horizontal: 1000, vertical: 750)
    let doc = document([l], ["l.width == 10", "l.left == root.left", "l.top == root.top"])
    let engine = LayoutEngine(document: doc)
    let r = solve(engine, environment(100, 100))
    XCTAssertEqual(r.view("l")?.frame.width ?? 0, 10, accuracy: 1e-9)
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["l#width-compression"])
    XCTAssertEqual(
      r.diagnostics.first?.notes.map(\.message),
      [
        "'constraint#1' l.width == 10", "'l#width-compression' l.width >= 20 (horizontal compression resistance of l)",
        "Will attempt to recover by breaking constraint 'l#width-compression' l.width >= 20 "
          + "(horizontal compression resistance of l).",
        "UIKit breaks a required content size before the app's constraint (a guess); docs/semantics.md, \"Which constraint UIKit breaks\".",
      ])
  }

  /// Weighted mode cannot move the root either: optional constraints never outweigh a required size.
  func testOptionalConstraintsNeverMoveTheRoot() {
    let doc = document(
      [view("a")],
      [
        "a.width == root.width", "a.width == 500 @750", "a.width == 500 @750", "a.left == root.left",
        "a.top == root.top", "a.height == 10",
      ])
    for mode in [Solver.Mode.weighted, .strict] {
      let engine = LayoutEngine(document: doc, mode: mode)
      let r = solve(engine, environment(400, 300))
      assertRect(r, "root", 0, 0, 400, 300)
      assertRect(r, "a", 0, 0, 400, 10)
      XCTAssertEqual(r.diagnostics, [], "\(mode)")
      XCTAssertFalse(r.hasConflicts)
    }
  }

  /// The documented installation order, per group, whatever order the set lists them in.
  func testInstallationOrder() {
    let l = label("l", "ab")
    let s = ViewNode(id: "s", kind: .stack, children: [l], stack: stack(.vertical))
    let doc = document([s], ["s.left == root.left", "s.top == root.top"])
    let engine = LayoutEngine(document: doc)
    _ = solve(engine, environment(100, 100))
    let origins = engine.installedConstraints.map { constraint -> String in
      switch constraint.origin {
      case .file: return "file"
      case .stack: return "stack"
      case .intrinsic: return "content"
      default: return "other"
      }
    }
    // Required first (the stack's, then the file's: UIKit breaks the app's constraint first,
    // and the one added last is the one broken), then optional (stack, then content size).
    let required = zip(origins, engine.installedConstraints).filter { $0.1.priority >= 1000 }.map(\.0)
    let optional = zip(origins, engine.installedConstraints).filter { $0.1.priority < 1000 }.map(\.0)
    XCTAssertEqual(Array(required.suffix(2)), ["file", "file"])
    XCTAssertTrue(required.dropLast(2).allSatisfy { $0 == "stack" }, "\(required)")
    XCTAssertEqual(optional.last, "content")
    XCTAssertEqual(optional.drop { $0 != "content" }.filter { $0 != "content" }, [])
  }
}

/// The stack order: bottom-up, as UIKit's update-constraints pass runs (subviews first).
final class InstallationOrderTests: XCTestCase {
  func testStacksAreAddedInnerFirstSiblingsInDocumentOrder() throws {
    func view(_ id: String) -> ViewNode { ViewNode(id: id, kind: .view) }
    func stackView(_ id: String, _ children: [ViewNode]) -> ViewNode {
      ViewNode(
        id: id, kind: .stack, children: children,
        stack: StackProperties(axis: Varying(.vertical), distribution: Varying(.fill), spacing: Varying(0)))
    }
    // outer(a(a1, a2(a21)), b)
    let tree = stackView(
      "outer", [stackView("a", [view("a1"), stackView("a2", [view("a21")])]), stackView("b", [view("b1")])])
    let resolved = Layout { tree }.resolved(for: environment(100, 100))
    XCTAssertEqual(
      LayoutEngine.postOrder(resolved.views), ["a1", "a21", "a2", "a", "b1", "b", "outer", "root"])
    // Superviews by index, from the tree above (document order: root, outer, a, a1, a2, a21,
    // b, b1). Out of document order the walk cannot find them and each is looked up: a list
    // with `a` closed by `b` before `a1` still finds `a1`'s superview; one reversed finds none
    // before any view.
    let views = resolved.views
    XCTAssertEqual(views.map(\.id), ["root", "outer", "a", "a1", "a2", "a21", "b", "b1"])
    XCTAssertEqual(ResolvedView.parentIndices(views), [-1, 0, 1, 2, 2, 4, 1, 6])
    XCTAssertEqual(ResolvedView.parentIndices([views[0], views[1], views[2], views[6], views[3]]), [-1, 0, 1, 1, 2])
    XCTAssertEqual(ResolvedView.parentIndices(views.reversed()), Array(repeating: -1, count: 8))
    let constraints = resolved.constraintSet().constraints
    let order = LayoutEngine.installationOrder(constraints, views: resolved.views).map { constraints[$0] }
    // Within one breaking key (who made it, then its shape), stacks in post-order; across
    // keys, least breakable first (the spacings, rank 90, after every edge of rank 80).
    let post = ["a2", "a", "b", "outer"]
    var last: [Int: Int] = [:]  // key → post-order index of the last stack seen with that key
    for constraint in order {
      guard case .stack(let id, _) = constraint.origin, let index = post.firstIndex(of: id) else { continue }
      let key = BreakingRule.key(constraint.kind, constraint.first, constraint.second)
      XCTAssertGreaterThanOrEqual(index, last[key] ?? 0, "\(id) out of post-order among key \(key)")
      last[key] = index
    }
    let keys = order.map { BreakingRule.key($0.kind, $0.first, $0.second) }
    XCTAssertEqual(keys, keys.sorted())
    let lastEdge = order.lastIndex { if case .stack(_, let r) = $0.origin { r != "UISV-spacing" } else { false } }
    let firstSpacing = order.firstIndex { if case .stack(_, let r) = $0.origin { r == "UISV-spacing" } else { false } }
    XCTAssertLessThan(try XCTUnwrap(lastEdge), try XCTUnwrap(firstSpacing))
  }

  /// Without stacks: by breaking rank (the container 10, scroll views 60, the file's 100,
  /// content size 105), each group in its own order; a list already in that order is returned
  /// as it is.
  func testWithoutStacksTheGroupsFollowTheBreakingRank() {
    func constraint(_ id: String, _ origin: LayoutConstraint.Origin) -> LayoutConstraint {
      LayoutConstraint(
        id: id, first: AnchorReference(item: .view("a"), attribute: .width), relation: .equal, origin: origin,
        source: id)
    }
    let f1 = constraint("f1", .file(id: "f1"))
    let f2 = constraint("f2", .file(id: "f2"))
    let root = constraint("w", .container(reason: "width"))
    let hug = constraint("h", .intrinsic(id: "a", reason: "hugging"))
    let scroll = constraint("s", .scroll(id: "sv", reason: "scroll-content"))
    let ids = { (list: [LayoutConstraint]) in LayoutEngine.installationOrder(list, views: []).map { list[$0].id }
    }
    XCTAssertEqual(ids([hug, f1, root, f2, scroll]), ["w", "s", "f1", "f2", "h"])
    XCTAssertEqual(ids([f1, f2, scroll, root, hug]), ["w", "s", "f1", "f2", "h"])
    XCTAssertEqual(ids([f2, root, f1]), ["w", "f2", "f1"])
  }
}
