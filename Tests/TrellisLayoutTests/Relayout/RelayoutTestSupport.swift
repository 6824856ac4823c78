import TrellisSolver
import XCTest

@testable import TrellisLayout

// Documents and environments for the relayout tests: one engine moved through environments
// must give what a fresh engine gives in each.

/// A value with per-pattern variations.
func varying<T>(_ base: T, _ variations: [(TraitPattern, T)]) -> Varying<T> {
  Varying(base, variations: variations.map { Varying<T>.Variation(pattern: $0.0, value: $0.1) })
}

let regularWidth = TraitPattern(horizontal: .regular)
let compactWidth = TraitPattern(horizontal: .compact)
let compactHeight = TraitPattern(vertical: .compact)

/// A header with a title label, a content area, and a sidebar shown only in regular width
/// (collapsed to zero width and hidden in compact width). 18 constraints in every size
/// class — 14 from the file plus the title's 4 content-size ones — so the engine keeps a
/// solver per size class (`LayoutEngine.cachingThreshold` is 16).
///
/// Lines: 1–3 pin the header to the safe area, 4 its height (44; 32 in compact height),
/// 5–6 centre the title, 7–9 place the content (root margins include the safe area),
/// 10–12 the regular-width sidebar, 13–15 the compact-width one, 16–17 sidebar rows.
/// `extra` specs are appended from line 18.
func portalDocument(extra: [ConstraintSpec] = [], sidebarHeight: Bool = true) -> LayoutDocument {
  var sidebar = view("sidebar")
  sidebar.hidden = varying(false, [(compactWidth, true)])
  let title = ViewNode(
    id: "title", kind: .label, location: SourceLocation(file: "test.json", line: 101, column: 3),
    text: varying("Trellis", [(compactHeight, "Tr")]), fontSize: Varying(17))
  let header = view("header", children: [title])
  let regular = varying(false, [(regularWidth, true)])
  let compact = varying(false, [(compactWidth, true)])
  var specs = [
    spec("header.leading == safeArea.leading", line: 1),
    spec("header.trailing == safeArea.trailing", line: 2),
    spec("header.top == safeArea.top", line: 3),
    spec("header.height == 44", constant: varying(44, [(compactHeight, 32)]), line: 4),
    spec("title.centerX == header.centerX", line: 5),
    spec("title.centerY == header.centerY", line: 6),
    spec("content.leading == root.leadingMargin", line: 7),
    spec("content.top == header.bottom + 8", line: 8),
    spec("content.bottom == root.bottomMargin", line: 9),
    spec("sidebar.trailing == root.trailingMargin", installed: regular, line: 10),
    spec("sidebar.width == 0.25 * root.width", installed: regular, line: 11),
    spec("sidebar.leading == content.trailing + 8", installed: regular, line: 12),
    spec("content.trailing == root.trailingMargin", installed: compact, line: 13),
    spec("sidebar.leading == content.trailing", installed: compact, line: 14),
    spec("sidebar.width == 0", installed: compact, line: 15),
    spec("sidebar.top == content.top", line: 16),
  ]
  if sidebarHeight { specs.append(spec("sidebar.height == content.height", line: 17)) }
  specs += extra
  return LayoutDocument(
    file: "test.json", root: ViewNode(id: "root", kind: .view, children: [header, view("content"), sidebar]),
    constraints: specs)
}

/// A box and a label that moves below it (regular height) or beside it (compact height):
/// 10 constraints, under `LayoutEngine.cachingThreshold`, so one solver is diffed.
func smallDocument() -> LayoutDocument {
  let flips = ViewNode(
    id: "flips", kind: .label, text: varying("Flips: 0", [(compactHeight, "Flips\n0")]), fontSize: Varying(10),
    numberOfLines: 0)
  let regularHeight = varying(true, [(compactHeight, false)])
  let compact = varying(false, [(compactHeight, true)])
  let constraints = [
    spec("box.left == safeArea.left", line: 1), spec("box.top == safeArea.top", line: 2),
    spec("box.width == 0", constant: varying(100, [(regularWidth, 200)]), line: 3),
    spec("box.height == 50", line: 4),
    spec("flips.top == box.bottom + 8", installed: regularHeight, line: 5),
    spec("flips.left == box.left", installed: regularHeight, line: 6),
    spec("flips.leading == box.trailing + 8", installed: compact, line: 7),
    spec("flips.top == box.top", installed: compact, line: 8),
  ]
  return LayoutDocument(
    file: "test.json", root: ViewNode(id: "root", kind: .view, children: [view("box"), flips]),
    constraints: constraints)
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
