import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

import class TrellisSolver.Solver

// Documents and environments for the relayout tests: one engine moved through environments
// must give what a fresh engine gives in each.

/// A header with a title label, a content area, and a sidebar shown only in regular width
/// (collapsed to zero width and hidden in compact width). 18 constraints in every size
/// class — 14 from the file plus the title's 4 content-size ones — so the engine keeps a
/// solver per size class (`LayoutEngine.cachingThreshold` is 16).
///
/// Constraints (ids `constraint#N`): 1–3 pin the header to the safe area, 4 its height (44;
/// 32 in compact height), 5–6 centre the title, 7–9 place the content (root margins include
/// the safe area), 10–12 the regular-width sidebar, 13–15 the compact-width one, 16–17 sidebar
/// rows. `extra` constraints follow, from 18 (17 without `sidebarHeight`).
func portalDocument(extra: [Constraint] = [], sidebarHeight: Bool = true, validated: Bool = true) -> LayoutDocument {
  Layout(validated: validated) {
    View("header") {
      View("title", kind: .label, text: Varying("Trellis", ["hC": "Tr"]))
    }
    View("content")
    View("sidebar", hidden: Varying(false, ["wC": true]))
  } constraints: {
    "header.leading == safeArea.leading"
    "header.trailing == safeArea.trailing"
    "header.top == safeArea.top"
    Constraint("header.height == 44", constant: Varying(44, ["hC": 32]))
    "title.centerX == header.centerX"
    "title.centerY == header.centerY"
    "content.leading == root.leadingMargin"
    "content.top == header.bottom + 8"
    "content.bottom == root.bottomMargin"
    When("wR") {
      "sidebar.trailing == root.trailingMargin"
      "sidebar.width == 0.25 * root.width"
      "sidebar.leading == content.trailing + 8"
    }
    When("wC") {
      "content.trailing == root.trailingMargin"
      "sidebar.leading == content.trailing"
      "sidebar.width == 0"
    }
    "sidebar.top == content.top"
    if sidebarHeight { "sidebar.height == content.height" }
    extra
  }
}

/// A box and a label that moves below it (regular height) or beside it (compact height):
/// 10 constraints, under `LayoutEngine.cachingThreshold`, so one solver is diffed.
func smallDocument() -> LayoutDocument {
  let regularHeight = Varying(true, ["hC": false])
  return Layout {
    View("box")
    View("flips", kind: .label, text: Varying("Flips: 0", ["hC": "Flips\n0"]), fontSize: 10, numberOfLines: 0)
  } constraints: {
    "box.left == safeArea.left"
    "box.top == safeArea.top"
    Constraint("box.width == 0", constant: Varying(100, ["wR": 200]))
    "box.height == 50"
    Constraint("flips.top == box.bottom + 8", installed: regularHeight)
    Constraint("flips.left == box.left", installed: regularHeight)
    When("hC") {
      "flips.leading == box.trailing + 8"
      "flips.top == box.top"
    }
  }
}

/// Environments from the device table (Data/devices.json): every size-class combination, sizes
/// and safe areas that share an environment key (traits, direction, scale) and ones that do not.
enum Devices {
  /// iPhone 8 portrait: 375 × 667 @2x, wC hR, status bar 20.
  static let iPhone8Portrait = environment(375, 667, wChR, safeArea: EdgeInsets(top: 20), scale: 2)
  /// iPhone SE (1st gen) portrait: 320 × 568 @2x — the same key as iPhone 8 portrait.
  static let iPhoneSEPortrait = environment(320, 568, wChR, safeArea: EdgeInsets(top: 20), scale: 2)
  /// iPhone 8 landscape: 667 × 375 @2x, wC hC, no insets.
  static let iPhone8Landscape = environment(667, 375, wChC, scale: 2)
  /// iPhone SE landscape: 568 × 320 @2x — the same key as iPhone 8 landscape.
  static let iPhoneSELandscape = environment(568, 320, wChC, scale: 2)
  /// iPhone X landscape: 812 × 375 @3x, wC hC, insets 0, 44, 21, 44 (another scale: another key).
  static let iPhoneXLandscape = environment(
    812, 375, wChC, safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44), scale: 3)
  /// iPhone 8 Plus landscape: 736 × 414 @3x, wR hC, no insets.
  static let iPhone8PlusLandscape = environment(736, 414, wRhC, scale: 3)
  /// iPhone 11 Pro Max landscape: 896 × 414 @3x, wR hC, insets 0, 44, 21, 44 — the 8 Plus's key.
  static let iPhone11ProMaxLandscape = environment(
    896, 414, wRhC, safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44), scale: 3)
  /// iPad (768 × 1024 @2x, status bar 20), wR hR, both orientations.
  static let iPadPortrait = environment(768, 1024, wRhR, safeArea: EdgeInsets(top: 20), scale: 2)
  static let iPadLandscape = environment(1024, 768, wRhR, safeArea: EdgeInsets(top: 20), scale: 2)
  /// iPad landscape in a right-to-left language: another key.
  static let iPadLandscapeRTL = environment(
    1024, 768, wRhR, safeArea: EdgeInsets(top: 20), scale: 2, direction: .rightToLeft)

  /// One environment per size-class combination: wC hR, wC hC, wR hC, wR hR.
  static let oneOfEachClass = [iPhone8Portrait, iPhone8Landscape, iPhone8PlusLandscape, iPadPortrait]

  static let all = [
    iPhone8Portrait, iPhoneSEPortrait, iPhone8Landscape, iPhoneSELandscape, iPhoneXLandscape, iPhone8PlusLandscape,
    iPhone11ProMaxLandscape, iPadPortrait, iPadLandscape, iPadLandscapeRTL,
  ]
}

/// Fresh engines' results, one per environment, made once.
struct FreshResults {
  let document: LayoutDocument
  let mode: Solver.Mode
  let checksAmbiguity: Bool
  private var results: [Int: LayoutResult] = [:]

  init(_ document: LayoutDocument, mode: Solver.Mode = .strict, checksAmbiguity: Bool = true) {
    self.document = document
    self.mode = mode
    self.checksAmbiguity = checksAmbiguity
  }

  /// The fresh result for `Devices.all[index]`.
  mutating func result(_ index: Int) -> LayoutResult {
    if let known = results[index] { return known }
    let engine = LayoutEngine(document: document, mode: mode)
    engine.checksAmbiguity = checksAmbiguity
    let made = engine.layout(in: Devices.all[index])
    results[index] = made
    return made
  }
}

/// Everything a layout reports equals a fresh engine's: views (frames to 1e-9), guides,
/// diagnostics, conflicts and ambiguity.
func assertSameResult(
  _ live: LayoutResult, _ fresh: LayoutResult, _ message: @autoclosure () -> String,
  file: StaticString = #filePath, line: UInt = #line
) {
  let context = message()
  XCTAssertEqual(live.views.map(\.id), fresh.views.map(\.id), context, file: file, line: line)
  for (a, b) in zip(live.views, fresh.views) {
    for (x, y) in [(a.frame, b.frame), (a.frameInParent, b.frameInParent)] {
      let difference = max(abs(x.x - y.x), abs(x.y - y.y), abs(x.width - y.width), abs(x.height - y.height))
      XCTAssertLessThan(difference, 1e-9, "\(context): \(a.id) \(x) vs \(y)", file: file, line: line)
    }
    XCTAssertEqual(a.hidden, b.hidden, "\(context): \(a.id)", file: file, line: line)
    XCTAssertEqual(a.isEffectivelyHidden, b.isEffectivelyHidden, "\(context): \(a.id)", file: file, line: line)
    XCTAssertEqual(a.text, b.text, "\(context): \(a.id)", file: file, line: line)
  }
  XCTAssertEqual(live.safeArea, fresh.safeArea, context, file: file, line: line)
  XCTAssertEqual(live.margins, fresh.margins, context, file: file, line: line)
  XCTAssertEqual(live.diagnostics, fresh.diagnostics, context, file: file, line: line)
  XCTAssertEqual(live.hasConflicts, fresh.hasConflicts, context, file: file, line: line)
  XCTAssertEqual(
    live.ambiguousViews.map { "\($0.id): \($0.attributes)" }, fresh.ambiguousViews.map { "\($0.id): \($0.attributes)" },
    context, file: file, line: line)
}
