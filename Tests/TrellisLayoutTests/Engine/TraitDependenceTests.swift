import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// A document that picks nothing by size class keeps one solver for every size class, moved
/// from one environment to the next (``LayoutEngine`` and ``LayoutDocument/variesWithTraits``);
/// one that measures no text, one for every scale (``LayoutDocument/measuresText``).
final class TraitDependenceTests: XCTestCase {
  private func read(_ json: String) throws -> LayoutDocument {
    let result = LayoutReader.parse(json)
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    return try XCTUnwrap(result.document)
  }

  /// Four views pinned to the root's leading margin and top, with a conflict in the first (the
  /// shape of a file with a conflict in every view: what is broken does not depend on the
  /// container's size, so a solver may move); `extra` goes into the first view's object,
  /// `leading` names the root's attribute the views' leading edges are pinned to.
  private func json(extra: String = "", constraintExtra: String = "", leading: String = "leadingMargin") -> String {
    var constraints = ["a.width == 100", "a.width == 120"]
    for (index, id) in ["a", "b", "c", "d"].enumerated() {
      constraints += [
        "\(id).leading == root.\(leading)", "\(id).top == root.top + \(20 * index)", "\(id).height == 10",
      ]
      if id != "a" { constraints.append("\(id).width == \(40 * index)") }
    }
    let list = constraints.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"root": {"children": [{"id": "a"\(extra)}, {"id": "b"}, {"id": "c"}, {"id": "d"}]},
       "constraints": [\(list)\(constraintExtra)]}
      """
  }

  /// Every size class of the device table's ends, wide and narrow roots, with safe areas.
  private let environments = [
    environment(568, 320, wChC),
    environment(874, 402, wChC, safeArea: EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)),
    environment(320, 568, wChR, safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
    environment(639, 1366, wChR), environment(736, 414, wRhC), environment(956, 440, wRhC),
    environment(694, 768, wRhR),
    environment(1376, 1032, wRhR, safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
  ]

  /// Lays `document` out with `engine` in every environment in turn, checking each result
  /// against a fresh engine's (frames, diagnostics, guides).
  private func layOutLikeAFreshEngine(
    _ document: LayoutDocument, _ engine: LayoutEngine, line: UInt = #line
  ) -> [(Environment, LayoutResult)] {
    environments.map { env in
      let live = solve(engine, env)
      let fresh = LayoutEngine(document: document).layout(in: env)
      let label = "\(env.containerSize) \(env.traits)"
      XCTAssertEqual(live.views, fresh.views, label, line: line)
      XCTAssertEqual(live.diagnostics, fresh.diagnostics, label, line: line)
      XCTAssertEqual(live.safeArea, fresh.safeArea, label, line: line)
      XCTAssertEqual(live.margins, fresh.margins, label, line: line)
      return (env, live)
    }
  }

  /// Frames, diagnostics and breaks are those of a fresh engine in each environment, and the
  /// constraints were generated only once per key: once for the roots wider than 375 pt and once
  /// for the narrower one (their system margins differ), not once per size class.
  func testOneSolverServesEverySizeClassWhenNothingVaries() throws {
    let document = try read(json())
    XCTAssertFalse(document.variesWithTraits)
    let engine = LayoutEngine(document: document)
    for (_, live) in layOutLikeAFreshEngine(document, engine) { XCTAssertTrue(live.hasConflicts) }
    XCTAssertEqual(engine.constraintSetsGenerated, 2)
  }

  /// One variation anywhere (here a view hidden in compact height) and each size class gets
  /// its own resolution again: still a fresh engine's frames everywhere.
  func testAVariationMakesEachSizeClassResolveAgain() throws {
    let document = try read(json(extra: #", "hidden": {"any": false, "hC": true}"#))
    XCTAssertTrue(document.variesWithTraits)
    let engine = LayoutEngine(document: document)
    for (env, live) in layOutLikeAFreshEngine(document, engine) {
      XCTAssertEqual(live.views.first { $0.id == "a" }?.hidden, env.traits.vertical == .compact)
    }
    XCTAssertGreaterThan(engine.constraintSetsGenerated, 2)
  }

  /// With no constraint reading margins, the root's width (16 pt system margins up to 375 pt,
  /// 20 beyond) changes nothing the solver sees: one generation serves all eight environments,
  /// and the margins each result reports are decided again on the moves across 375 pt — the
  /// root's guide, and the margins of a view pinned to the root's leading and top edges: 16 or
  /// 20 on the left when it preserves its superview's margins (its own 8 elsewhere), its own 8
  /// all round when it does not (then only the root's are decided again).
  func testRootsOnBothSidesOf375ShareASolverWhenNoConstraintReadsMargins() throws {
    for preserves in [true, false] {
      let document = try read(json(extra: #", "preservesSuperviewLayoutMargins": \#(preserves)"#, leading: "leading"))
      XCTAssertFalse(document.readsMargins)
      XCTAssertEqual(document.subviewsPreserveMargins, preserves)
      let engine = LayoutEngine(document: document)
      for (env, live) in layOutLikeAFreshEngine(document, engine) {
        let side = env.containerSize.width > 375 ? 20.0 : 16
        let label = "\(env.containerSize), preserves: \(preserves)"
        let resolution = try XCTUnwrap(live.resolution)
        let root = try XCTUnwrap(resolution.views.first)
        XCTAssertEqual(root.layoutMargins, EdgeInsets(top: 0, left: side, bottom: 0, right: side), label)
        let a = try XCTUnwrap(resolution.views.first { $0.id == "a" })
        XCTAssertEqual(a.layoutMargins, EdgeInsets(top: 8, left: preserves ? side : 8, bottom: 8, right: 8), label)
        XCTAssertEqual(live.margins.x, max(side, env.safeAreaInsets.left + side), "\(label): the margins guide")
      }
      XCTAssertEqual(engine.constraintSetsGenerated, 1)
    }
  }

  /// Each way a constraint can read margins keeps the root's width in the solver's key: a margin
  /// attribute, the margins guide, a standard constant in some size class, a stack arranged within
  /// its margins.
  func testEachMarginReaderIsSeen() throws {
    XCTAssertFalse(try read(json(leading: "leading")).readsMargins)
    XCTAssertTrue(try read(json(leading: "leadingMargin")).readsMargins)
    XCTAssertTrue(try read(json(leading: "centerXWithinMargins")).readsMargins)
    let readers = [
      ("", #", "a.bottom <= margins.bottom""#),
      ("", #", "a.bottom <= root.bottom - standard""#),
      ("", #", {"constraint": "a.bottom <= root.bottom", "constant": {"any": 0, "hC": "standard"}}"#),
      (#", "kind": "stack", "layoutMarginsRelativeArrangement": true"#, ""),
    ]
    for (extra, constraint) in readers {
      let document = try read(json(extra: extra, constraintExtra: constraint, leading: "leading"))
      XCTAssertTrue(document.readsMargins, "\(extra)\(constraint)")
    }
  }

  /// Each kind of value that may vary makes the document vary: a constraint's constant,
  /// priority and `installed`; a view's own values; a stack's; a scroll view's.
  func testEachKindOfVariationIsSeen() throws {
    let variations = [
      (#", "text": {"any": "x", "wR": "y"}, "kind": "label""#, ""),
      (#", "layoutMargins": {"any": 8, "wR hR": 20}"#, ""),
      (#", "kind": "stack", "spacing": {"any": 8, "hC": 4}"#, ""),
      (#", "kind": "scroll", "zoomScale": {"any": 1, "wR hR": 0.5}"#, ""),
      ("", #", {"constraint": "a.bottom <= root.bottom", "installed": {"any": true, "hC": false}}"#),
      ("", #", {"constraint": "a.bottom <= root.bottom - 8", "constant": {"any": 8, "wR": 16}}"#),
      ("", #", {"constraint": "a.bottom <= root.bottom", "priority": {"any": 1000, "hR": 750}}"#),
    ]
    for (extra, constraint) in variations {
      let document = try read(json(extra: extra, constraintExtra: constraint))
      XCTAssertTrue(document.variesWithTraits, "\(extra)\(constraint)")
    }
  }

  /// Scales 2 and 3 (an iPhone SE and an iPhone 17 Pro in landscape): without text, one
  /// generation and a move; with a label, whose size is rounded up to whole pixels, two.
  func testTheScaleMattersOnlyForText() throws {
    let environments = [
      environment(568, 320, wChC, scale: 2),
      environment(874, 402, wChC, safeArea: EdgeInsets(top: 0, left: 62, bottom: 21, right: 62), scale: 3),
    ]
    for (extra, generations) in [("", 1), (#", "kind": "label", "text": "Flips: 0", "fontSize": 17.3"#, 2)] {
      let document = try read(json(extra: extra))
      XCTAssertEqual(document.measuresText, generations == 2)
      let engine = LayoutEngine(document: document)
      for env in environments {
        XCTAssertEqual(solve(engine, env).views, LayoutEngine(document: document).layout(in: env).views, extra)
      }
      XCTAssertEqual(engine.constraintSetsGenerated, generations, extra)
    }
  }

  /// `variesWithTraits` names every size-class value of the document model by hand; this lists
  /// them by reflection, so that a new `Varying` property fails here until it is added there.
  func testEveryVaryingPropertyIsChecked() {
    func varyingProperties(of value: Any) -> [String] {
      Mirror(reflecting: value).children.compactMap { child in
        let type = String(describing: Swift.type(of: child.value))
        return type.hasPrefix("Varying<") || type.hasPrefix("Optional<Varying<") ? child.label : nil
      }.sorted()
    }
    let view = ViewNode(id: "v", kind: .view)
    XCTAssertEqual(
      varyingProperties(of: view),
      [
        "compressionResistanceByClass", "contentInsetsByClass", "fontName", "fontSize", "fontWeight", "hidden",
        "huggingByClass", "installed", "intrinsicSizeByClass", "layoutMarginsByClass", "text", "textStyle",
      ])
    XCTAssertEqual(
      varyingProperties(of: StackProperties()), ["alignment", "axis", "distribution", "spacing"])
    XCTAssertEqual(
      varyingProperties(of: ScrollProperties()),
      ["contentInset", "contentInsetAdjustmentBehavior", "contentOffset", "zoomScale"])
    let spec = ConstraintSpec(
      id: "c", first: AnchorReference(item: .view("v"), attribute: .width), relation: .equal, source: "v.width == 0")
    XCTAssertEqual(varyingProperties(of: spec), ["constant", "installed", "priority", "standardSpacing"])
  }
}
