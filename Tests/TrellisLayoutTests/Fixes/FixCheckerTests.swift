import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import TrellisText
import XCTest

/// Fixes checked by solving the edited layout (`FixChecker`, `FixCandidates`), on small layouts
/// whose problems and remedies are worked out by hand in each test.
final class FixCheckerTests: XCTestCase {
  /// An iPhone SE (1st gen) in portrait and an iPhone 8 in portrait, no safe-area insets: root
  /// margins 16 (the system minimum at 375 pt wide or less).
  private let environments = [environment(320, 568), environment(375, 667)]

  private func read(_ text: String) throws -> LayoutDocument {
    let read = LayoutReader.parse(text, file: "fix.json")
    XCTAssertFalse(read.hasErrors, read.renderedDiagnostics)
    return try XCTUnwrap(read.document)
  }

  /// The checker over `document` solved in ``environments``, judging by the engine's
  /// diagnostics, plus the design checks when asked.
  private func checker(
    _ document: LayoutDocument, designChecks: Bool = false, in environments: [Environment]? = nil
  ) -> FixChecker {
    let environments = environments ?? self.environments
    func problems(_ result: LayoutResult) -> [Diagnostic] {
      result.diagnostics + (designChecks ? DesignChecks.diagnostics(for: result) : [])
    }
    let engine = LayoutEngine(document: document)
    let originals = environments.map { engine.layout(in: $0) }
    var checker = FixChecker(
      document: document, originals: originals,
      makeSolver: { edited in
        let engine = LayoutEngine(document: edited)
        return { engine.layout(in: $0) }
      }, problems: problems)
    checker.explain = { environment, requests in
      let engine = LayoutEngine(document: document)
      _ = engine.layout(in: environment)
      return engine.explanations(of: requests)
    }
    return checker
  }

  private func problem(_ checker: FixChecker, _ code: Diagnostic.Code) throws -> Diagnostic {
    let found = checker.originals.flatMap { $0.diagnostics + DesignChecks.diagnostics(for: $0) }
    return try XCTUnwrap(found.first { $0.code == code }, "no \(code)")
  }

  func testAnAmbiguousXIsPinnedToAnEdgeAndEveryFixLeavesNoAmbiguity() throws {
    // 'password' is placed vertically (under 'email') but nothing places it horizontally: its
    // x is free, its width its text's. Pinning its leading, trailing or centre to any view's
    // determines x; the candidates the rule makes first are edges it already lines up with.
    let document = try read(
      """
      {"root": {"children": [{"id": "email", "kind": "label", "text": "Email"},
        {"id": "password", "kind": "label", "text": "Password"}]},
       "constraints": ["email.leading == margins.leading", "email.top == safeArea.top + 20",
         "password.top == email.bottom + 8"]}
      """)
    let checker = checker(document)
    let ambiguity = try problem(checker, "ambiguous-position")
    XCTAssertEqual(ambiguity.subject, "password")
    let fixes = checker.fixes(for: ambiguity)
    XCTAssertFalse(fixes.isEmpty)
    // Lining password's leading up with email's is the rule's second kind of candidate (the
    // nearest sibling's same edge), and it holds in both environments.
    XCTAssertTrue(
      fixes.map(\.description).contains("add 'password.leading == email.leading' (checked in 2 environments)"),
      "\(fixes.map(\.description))")
    for fix in fixes {
      XCTAssertEqual(fix.edits.count, 1)
      let edited = try XCTUnwrap(fix.apply(to: document))
      let engine = LayoutEngine(document: edited)
      for environment in environments {
        let result = engine.layout(in: environment)
        XCTAssertTrue(result.ambiguousViews.isEmpty, "\(fix) leaves \(result.ambiguousViews)")
        XCTAssertFalse(result.hasConflicts, "\(fix)")
      }
    }
    // The first candidate keeps the picture: it pins an edge where the solved frame has it.
    let first = try XCTUnwrap(fixes.first)
    let before = try XCTUnwrap(checker.originals[0].view("password")).frame
    let after = LayoutEngine(document: try XCTUnwrap(first.apply(to: document))).layout(in: environments[0])
    XCTAssertEqual(try XCTUnwrap(after.view("password")).frame.minX, before.minX, accuracy: 0.5, "\(first)")
  }

  func testAConflictIsFixedByLoweringTheBrokenConstraintsPriorityOrRemovingIt() throws {
    // 'wide' (200) is added after the 100-pt width, equal shapes: UIKit breaks the later one
    // (docs/semantics.md, "Which constraint UIKit breaks"). At 999 it is an optional constraint
    // that loses to the required 100 without a conflict; removed, nothing asks for 200. Either
    // way the box stays fully placed, so no other problem appears: two fixes, in this order.
    let document = try read(
      """
      {"root": {"children": [{"id": "box"}]},
       "constraints": ["box.leading == margins.leading", "box.top == safeArea.top", "box.height == 40",
         "box.width == 100", {"constraint": "box.width == 200", "id": "wide"}]}
      """)
    let checker = checker(document)
    let conflict = try problem(checker, "unsatisfiable")
    XCTAssertEqual(
      checker.fixes(for: conflict).map(\.description),
      [
        "set the priority of 'wide' (box.width == 200) to 999 (checked in 2 environments)",
        "remove 'wide' (box.width == 200) (checked in 2 environments)",
      ])
  }

  func testATruncatedLabelIsFixedByNumberOfLinesZero() throws {
    // The label is pinned to both margins: 288 pt wide at 320, 343 at 375, while its one line
    // needs far more. Its height is free (only its content gives it one), so wrapping
    // (numberOfLines 0) shows every line; a higher compression resistance cannot widen it
    // against required constraints, so that candidate fails and is not offered.
    let document = try read(
      """
      {"root": {"children": [
        {"id": "title", "kind": "label", "text": "A rather long title that will never fit on one line of a phone"}]},
       "constraints": ["title.leading == margins.leading", "title.trailing == margins.trailing",
         "title.top == safeArea.top + 8"]}
      """)
    let checker = checker(document)
    let truncated = try problem(checker, "text-truncated")
    XCTAssertEqual(
      checker.fixes(for: truncated).map(\.description),
      ["set 'numberOfLines: 0' on 'title' (checked in 2 environments)"])
  }

  func testNoFixIsOfferedWhenEveryCandidateCausesAnotherProblem() throws {
    // As above, but a caption sits 30 pt under the top, 22 under the title's top: a wrapped
    // title (two lines or more, about 40 pt) would overlap it, which the design checks report.
    // Judged with them, wrapping is refused, and nothing else can show the text.
    let document = try read(
      """
      {"root": {"children": [
        {"id": "title", "kind": "label", "text": "A rather long title that will never fit on one line of a phone"},
        {"id": "caption", "kind": "label", "text": "Caption"}]},
       "constraints": ["title.leading == margins.leading", "title.trailing == margins.trailing",
         "title.top == safeArea.top + 8", "caption.leading == margins.leading", "caption.top == safeArea.top + 30"]}
      """)
    let judged = checker(document, designChecks: true)
    XCTAssertEqual(judged.fixes(for: try problem(judged, "text-truncated")), [])
    let engineOnly = checker(document)
    XCTAssertEqual(engineOnly.fixes(for: try problem(engineOnly, "text-truncated")).count, 1)
  }

  func testANegativeWidthIsFixedByAFloorAndALoweredPriority() throws {
    // At 320 pt the box's leading is 16 + 200 = 216 and its trailing 320 - 16 - 100 = 204:
    // 12 pt wide the wrong way. At 375 it is 43 wide. `box.width >= 0` alone would conflict;
    // with either pin at 999 that pin gives way at 320 (the box 0 wide, at 204) and still holds
    // at 375, where nothing fights it: both candidates pass, leading's first (file order).
    let document = try read(
      """
      {"root": {"children": [{"id": "box"}]},
       "constraints": ["box.leading == margins.leading + 200", "box.trailing == margins.trailing - 100",
         "box.top == safeArea.top", "box.height == 10"]}
      """)
    let checker = checker(document)
    let negative = try problem(checker, "negative-frame")
    XCTAssertEqual(negative.subject, "box")
    XCTAssertEqual(checker.environments(of: negative), [0])
    XCTAssertEqual(
      checker.fixes(for: negative).map(\.description),
      [
        "add 'box.width >= 0' and set the priority of 'constraint#1' (box.leading == margins.leading + 200) to 999 "
          + "(checked in 2 environments)",
        "add 'box.width >= 0' and set the priority of 'constraint#2' (box.trailing == margins.trailing - 100) to 999 "
          + "(checked in 2 environments)",
      ])
  }

  func testAViewPinnedToTheRootsTopIsRebasedOnTheSafeArea() throws {
    // A 20-pt status bar: the banner pinned to the root's top starts 20 pt above the safe area.
    // Pinned to the safe area's top instead it starts at 20, inside; nothing else moves. Then
    // the later candidates for a view however placed: `banner.top >= safeArea.top` alone fights
    // the required pin (refused); with the pin (the one constraint its top rests on) at 999 it
    // wins, and the banner starts at 20 too.
    let insets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    let document = try read(
      """
      {"root": {"children": [{"id": "banner"}]},
       "constraints": ["banner.top == root.top", "banner.leading == margins.leading", "banner.width == 100",
         "banner.height == 10"]}
      """)
    let checker = checker(
      document, designChecks: true,
      in: [environment(320, 568, safeArea: insets), environment(375, 667, safeArea: insets)])
    let outside = try problem(checker, "outside-safe-area")
    XCTAssertEqual(
      checker.fixes(for: outside).map(\.description),
      [
        "pin 'constraint#1' (banner.top == root.top) to 'safeArea' instead of the root view (checked in 2 environments)",
        "add 'banner.top >= safeArea.top' and set the priority of 'constraint#1' (banner.top == root.top) to 999 "
          + "(checked in 2 environments)",
      ])
  }

  func testAnOverlapIsFixedByASpacingConstraintWhereThePositionCanGive() throws {
    // 'b' wants to sit 20 pt under a's top (optional, 750) and 50 pt right of its leading
    // (required): 100 × 40 each, they overlap by 50 × 20. They overlap less vertically, so the
    // vertical spacings come first: `b.top >= a.bottom + 8` (then `+ 0`, touching) win over the
    // optional 20, and the overlap is gone. The horizontal ones fight the required 50: refused.
    let document = try read(
      """
      {"root": {"children": [{"id": "a"}, {"id": "b"}]},
       "constraints": ["a.leading == margins.leading", "a.top == safeArea.top", "a.width == 100", "a.height == 40",
         "b.top == a.top + 20 @750", "b.leading == a.leading + 50", "b.width == 100", "b.height == 40"]}
      """)
    let checker = checker(document, designChecks: true)
    let overlap = try problem(checker, "overlap")
    XCTAssertEqual(
      checker.fixes(for: overlap).map(\.description),
      [
        "add 'b.top >= a.bottom + 8' (checked in 2 environments)",
        "add 'b.top >= a.bottom' (checked in 2 environments)",
      ])
  }

  func testAProblemOfOneSizeClassIsFixedInThatSizeClassAlone() throws {
    // The 50-pt box is placed horizontally only in compact height (hC): in regular height its x
    // is free. Any pin added everywhere fights the hC pin in landscape (the box's leading at the
    // margin, 20 pt at 568, and its width fixed), so only pins installed in hR alone can pass.
    let document = try read(
      """
      {"root": {"children": [{"id": "box"}]},
       "constraints": ["box.top == safeArea.top", "box.width == 50", "box.height == 10",
         {"when": "hC", "constraints": ["box.leading == margins.leading"]}]}
      """)
    let checker = checker(document, in: [environment(320, 568), environment(568, 320, wChC)])
    let ambiguity = try problem(checker, "ambiguous-position")
    XCTAssertEqual(checker.environments(of: ambiguity), [0])
    let fixes = checker.fixes(for: ambiguity)
    XCTAssertFalse(fixes.isEmpty)
    for fix in fixes {
      XCTAssertEqual(fix.edits.map(\.when), [TraitPattern(vertical: .regular)], "\(fix)")
      XCTAssertTrue(fix.description.hasSuffix(" when hR (checked in 2 environments)"), fix.description)
    }
  }

  func testASmallButtonGetsAMinimumSizeOnTheSidesThatFallShort() throws {
    // "Go" at 17 pt with the default insets (6, 8, 6, 8) is about 36 × 32: short both ways of
    // Apple's 44 × 44. Only its leading and top are pinned, its size is its content's (hugging
    // 250, optional), so required `>= 44` on both sides win, and nothing is near it.
    let document = try read(
      """
      {"root": {"children": [{"id": "go", "kind": "button", "text": "Go"}]},
       "constraints": ["go.leading == margins.leading", "go.top == safeArea.top + 20"]}
      """)
    let checker = checker(document, designChecks: true)
    let small = try problem(checker, "tap-target-small")
    XCTAssertEqual(
      checker.fixes(for: small).map(\.description),
      ["add 'go.width >= 44' and add 'go.height >= 44' (checked in 2 environments)"])
  }

  func testAViewLeavingBySeveralSidesHasAllItsRootPinsRebased() throws {
    // Pinned 10 pt from the root's leading and top: 10 pt above a 20-pt status bar in portrait,
    // 34 pt left of a 44-pt landscape inset. Rebasing the top alone (the side it leaves in
    // portrait, where it is found first) leaves it outside in landscape; both pins rebased put
    // it inside the safe area in both.
    let document = try read(
      """
      {"root": {"children": [{"id": "box"}]},
       "constraints": ["box.leading == root.leading + 10", "box.top == root.top + 10", "box.width == 50",
         "box.height == 50"]}
      """)
    let portrait = environment(320, 568, safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    let landscape = environment(
      568, 320, wChC, safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
    let checker = checker(document, designChecks: true, in: [portrait, landscape])
    let outside = try problem(checker, "outside-safe-area")
    XCTAssertEqual(
      checker.fixes(for: outside).map(\.description),
      [
        "pin 'constraint#1' (box.leading == root.leading + 10) to 'safeArea' instead of the root view and pin "
          + "'constraint#2' (box.top == root.top + 10) to 'safeArea' instead of the root view (checked in 2 environments)"
      ])
  }

  func testTextTooSmallGetsTheLeastLegibleSizeAndAScalingStyle() throws {
    // 'note' sets 9 pt and has no text style: 11 pt (Apple's minimum) is legible at every
    // Dynamic Type size, and so is 11 pt scaled with Caption 2, whose size is 11 from xSmall to
    // the default (docs/text.md): both are offered, the size alone first. Nothing near the
    // label, so the larger text causes nothing else.
    let document = try read(
      """
      {"root": {"children": [{"id": "note", "kind": "label", "text": "Fine print", "fontSize": 9}]},
       "constraints": ["note.leading == margins.leading", "note.top == safeArea.top + 20"]}
      """)
    let checker = checker(document, designChecks: true)
    XCTAssertEqual(
      checker.fixes(for: try problem(checker, "text-too-small")).map(\.description),
      [
        "set 'fontSize: 11' on 'note' (checked in 2 environments)",
        "set 'fontSize: 11' and 'textStyle: caption2' on 'note' (checked in 2 environments)",
      ])
  }

  func testTextScaledWithAStyleGetsTheSizeThatStaysLegibleAtTheSmallestTextSize() throws {
    // 12 pt scaled with Body is 12 × 14 / 17 = 9.88 pt at xSmall (Body is 14 there, 17 at the
    // default): too small. It is 11 at xSmall from 11 × 17 / 14 = 13.36 pt up, 13.5 to the
    // half point. At the default size (the other environment) 12 was legible already; 13.5 is
    // too. The view has a style, so no style is proposed.
    let document = try read(
      """
      {"root": {"children": [
        {"id": "caption", "kind": "label", "text": "Scaled", "fontSize": 12, "textStyle": "body"}]},
       "constraints": ["caption.leading == margins.leading", "caption.top == safeArea.top + 20"]}
      """)
    var small = environment(320, 568)
    small.contentSizeCategory = .extraSmall
    let checker = checker(document, designChecks: true, in: [small, environment(375, 667)])
    let problem = try problem(checker, "text-too-small")
    XCTAssertEqual(checker.environments(of: problem), [0])
    XCTAssertEqual(
      checker.fixes(for: problem).map(\.description), ["set 'fontSize: 13.5' on 'caption' (checked in 2 environments)"])
  }

  func testOverlappingTapTargetsInOtherContainersArePartedThenTheirContainers() throws {
    // Buttons 'a' and 'b' fill containers 'left' and 'right' (100 x 44 each); 'right' wants to
    // start 60 pt after left's leading (optional, 750), so the targets overlap by 40 x 44 pt.
    // They overlap less horizontally, so horizontal spacings come first: `b.leading >=
    // a.trailing + 8`, then `+ 0`, move 'right' (its leading is optional) and pass. The
    // vertical ones fight the required `right.top == left.top`: refused. Then the same between
    // the containers (siblings, the buttons' ancestors): the first passes, and three fixes
    // are offered at most.
    let document = try read(
      """
      {"root": {"children": [
        {"id": "left", "children": [{"id": "a", "kind": "button", "text": "A"}]},
        {"id": "right", "children": [{"id": "b", "kind": "button", "text": "B"}]}]},
       "constraints": ["left.leading == margins.leading", "left.top == safeArea.top + 20", "left.width == 100",
         "left.height == 44", "right.leading == left.leading + 60 @750", "right.top == left.top",
         "right.width == 100", "right.height == 44",
         "a.leading == left.leading", "a.trailing == left.trailing", "a.top == left.top", "a.bottom == left.bottom",
         "b.leading == right.leading", "b.trailing == right.trailing", "b.top == right.top",
         "b.bottom == right.bottom"]}
      """)
    let checker = checker(document, designChecks: true)
    let overlap = try problem(checker, "tap-target-overlap")
    XCTAssertEqual(overlap.subject, "a")
    XCTAssertEqual(
      checker.fixes(for: overlap).map(\.description),
      [
        "add 'b.leading >= a.trailing + 8' (checked in 2 environments)",
        "add 'b.leading >= a.trailing' (checked in 2 environments)",
        "add 'right.leading >= left.trailing + 8' (checked in 2 environments)",
      ])
  }

  func testAViewGuideReachingPastTheSafeAreaEverywhereIsRenamedTheSafeArea() throws {
    // The header ends 44 pt under the safe area's top and is 200 tall: its top is 156 pt above
    // the safe area's in both environments (20- and 47-pt status bars). UIKit insets its guide
    // by that overlap, so the guide's top is the safe area's top; Trellis, seeing no pin to
    // the screen's top, insets it by 0 (`guide-approximate`). Where the header starts above the
    // safe area in every environment, `safeArea.top` says what UIKit does, exactly.
    let document = try read(
      """
      {"root": {"children": [{"id": "header", "children": [{"id": "title", "kind": "label", "text": "Inbox"}]}]},
       "constraints": ["header.leading == safeArea.leading", "header.trailing == safeArea.trailing",
         "header.bottom == safeArea.top + 44", "header.height == 200",
         "title.top == header.safeAreaLayoutGuide.top + 8", "title.centerX == header.centerX"]}
      """)
    let checker = checker(
      document,
      in: [
        environment(320, 568, safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
        environment(393, 852, safeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)),
      ])
    let approximate = try problem(checker, "guide-approximate")
    XCTAssertEqual(approximate.subject, "header")
    XCTAssertEqual(
      checker.fixes(for: approximate).map(\.description),
      [
        "pin 'constraint#5' (title.top == header.safeAreaLayoutGuide.top + 8) to 'safeArea' instead of "
          + "'header.safeAreaLayoutGuide' (checked in 2 environments)"
      ])
  }

  func testAViewGuideInsideTheSafeAreaInOneEnvironmentAndPastItInAnotherGetsNoFix() throws {
    // The card starts 30 pt under the root's top: inside a 20-pt status bar's safe area (its
    // guide's top is its own), 17 pt past a 47-pt one (the guide's top is the safe area's). No
    // one name says both, so nothing is offered.
    let document = try read(
      """
      {"root": {"children": [{"id": "card", "children": [{"id": "dot"}]}]},
       "constraints": ["card.top == root.top + 30", "card.leading == margins.leading", "card.width == 100",
         "card.height == 100", "dot.top == card.safeAreaLayoutGuide.top", "dot.leading == card.leading",
         "dot.width == 10", "dot.height == 10"]}
      """)
    let checker = checker(
      document,
      in: [
        environment(320, 568, safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
        environment(393, 852, safeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)),
      ])
    let approximate = try problem(checker, "guide-approximate")
    XCTAssertEqual(checker.environments(of: approximate), [1])
    XCTAssertEqual(checker.fixes(for: approximate), [])
  }

  func testAViewChainedToASiblingPinnedToTheRootHasThatPinRebased() throws {
    // 'badge' has no pin to the root: it ends 5 pt above 'bar', which is pinned 30 pt under the
    // root's top. Under a 20-pt status bar the bar is at 30…40 (inside) and the badge at 5…25,
    // 15 pt above the safe area. The engine's explanation of badge.top names `bar.top ==
    // root.top + 30`; rebased on the safe area it puts the bar at 50 and the badge at 25…45:
    // inside, offered first. Then `badge.top >= safeArea.top` alone fights the required chain
    // (refused), and with one of the chain's required constraints at 999: the badge's bottom
    // pin at 999 would put it on the bar (20…40 over 30…40, an overlap: refused); the bar's pin
    // at 999 moves the bar down to 45 (passes); the badge's height at 999 leaves it 20…25, 5
    // tall (passes).
    let document = try read(
      """
      {"root": {"children": [{"id": "bar"}, {"id": "badge"}]},
       "constraints": ["bar.top == root.top + 30", "bar.leading == margins.leading", "bar.width == 100",
         "bar.height == 10", "badge.bottom == bar.top - 5", "badge.leading == margins.leading",
         "badge.width == 20", "badge.height == 20"]}
      """)
    let insets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    let checker = checker(
      document, designChecks: true,
      in: [environment(320, 568, safeArea: insets), environment(375, 667, safeArea: insets)])
    let outside = try problem(checker, "outside-safe-area")
    XCTAssertEqual(outside.subject, "badge")
    let fixes = checker.fixes(for: outside).map(\.description)
    XCTAssertEqual(
      fixes.first,
      "pin 'constraint#1' (bar.top == root.top + 30) to 'safeArea' instead of the root view (checked in 2 environments)"
    )
    XCTAssertEqual(
      Set(fixes.dropFirst()),
      [
        "add 'badge.top >= safeArea.top' and set the priority of 'constraint#1' (bar.top == root.top + 30) to 999 "
          + "(checked in 2 environments)",
        "add 'badge.top >= safeArea.top' and set the priority of 'constraint#8' (badge.height == 20) to 999 "
          + "(checked in 2 environments)",
      ])
  }

  func testEditsApplyToTheDocumentAndRefuseWhatItDoesNotHave() throws {
    let document = try read(
      """
      {"root": {"children": [{"id": "a", "kind": "label", "text": "A"}]},
       "constraints": [{"constraint": "a.width == 10", "id": "w"},
         {"constraint": "a.height == 10", "id": "h", "priority": {"any": 1000, "wR": 500}}]}
      """)
    let lowered = try XCTUnwrap(LayoutEdit(.setPriority(constraint: "w", priority: 999)).apply(to: document))
    XCTAssertEqual(lowered.constraints.first { $0.id == "w" }?.priority.base, 999)
    // A priority that varies per size class is not flattened.
    XCTAssertNil(LayoutEdit(.setPriority(constraint: "h", priority: 999)).apply(to: document))
    XCTAssertNil(LayoutEdit(.removeConstraint("nope")).apply(to: document))
    XCTAssertEqual(
      LayoutEdit(.removeConstraint("w")).apply(to: document)?.constraints.map(\.id), ["h"])
    let wrapped = try XCTUnwrap(LayoutEdit(.setNumberOfLines(view: "a", lines: 0)).apply(to: document))
    XCTAssertEqual(wrapped.allViews.first { $0.id == "a" }?.numberOfLines, 0)
    // The root is no label.
    XCTAssertNil(LayoutEdit(.setNumberOfLines(view: "root", lines: 0)).apply(to: document))
    let added = try XCTUnwrap(
      LayoutEdit(
        .addConstraint(
          first: AnchorReference(item: "a", attribute: .top), relation: .equal,
          second: AnchorReference(item: .safeArea, attribute: .top), constant: -4.5)
      ).apply(to: document))
    // Named as the reader would name it, written last: the third constraint.
    XCTAssertEqual(added.constraints.last?.id, "constraint#3")
    XCTAssertEqual(added.constraints.last?.source, "a.top == safeArea.top - 4.5")
  }
}
