/// Any view's own safe-area layout guide (UIKit's `safeAreaLayoutGuide` of a view other than
/// the root, whose guide is ``LayoutItem/safeArea``), written `v.safeAreaLayoutGuide.top` in files.
///
/// UIKit insets a view's guide by the part of its superview's safe area insets that overlaps
/// it, which it knows only from the solved frames. Constraints must be linear, so Trellis insets
/// the guide on the edges known before solving to lie on the root's edge (pinned to the
/// superview's same edge, down from the root, as ``SystemLayoutMargins`` decides for margins)
/// by the root's safe-area insets there, and not at all elsewhere: exact for a view flush with
/// the screen's edges or wholly inside the safe area (docs/semantics.md, "Guides").
public enum ViewSafeArea {
  /// The generated item's name after the owner: `v#safeArea`.
  package static let name = "safeArea"
  /// What files write after a view's id: `v.safeAreaLayoutGuide.top`.
  package static let fileName = "safeAreaLayoutGuide"

  /// Every guide name a file may write after a view's id, with its generated item's name: a
  /// scroll view's `contentLayoutGuide` and `frameLayoutGuide`, any view's `safeAreaLayoutGuide`,
  /// the root's `keyboardLayoutGuide`.
  package static let viewGuideNames: [String: String] = ScrollLayout.guideNames.merging([
    fileName: name, KeyboardGuide.fileName: KeyboardGuide.name,
  ]) { a, _ in a }

  /// The safe-area guide of view `id`.
  public static func guide(of id: String) -> LayoutItem { .generated(owner: id, name: name) }

  /// Whether `item` is some view's own safe-area guide.
  package static func isGuide(_ item: LayoutItem) -> Bool {
    if case .generated(_, let guide) = item { return guide == name }
    return false
  }

  /// The insets of a view's guide: the root's `insets` on `edges` (bits 0…3: top, left,
  /// bottom, right), 0 elsewhere.
  package static func insets(_ insets: EdgeInsets, edges: UInt8) -> EdgeInsets {
    EdgeInsets(
      top: edges & 1 != 0 ? insets.top : 0, left: edges & 2 != 0 ? insets.left : 0,
      bottom: edges & 4 != 0 ? insets.bottom : 0, right: edges & 8 != 0 ? insets.right : 0)
  }
}
