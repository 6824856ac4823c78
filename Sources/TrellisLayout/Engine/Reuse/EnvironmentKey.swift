import TrellisModel
import TrellisSolver
import TrellisText

extension LayoutEngine {
  /// What decides the constraint set besides the container size and the safe area: the same
  /// key resolves to the same views and constraints, whose constants differ only where they
  /// read the safe-area insets (``AnchorMap/dependsOnSafeArea(_:)-(LayoutConstraint)``).
  package struct EnvironmentKey: Hashable {
    var traits: TraitCollection
    var direction: LayoutDirection
    var scale: Double
    /// Whether the container is wider than 375 pt: the root's system minimum margins differ
    /// on either side (``SystemLayoutMargins``), and margins are resolved values. Always false
    /// for a document whose constraints read no margins (``LayoutDocument/readsMargins``).
    var wideRoot: Bool
    /// Text styles' sizes follow it.
    var contentSize: ContentSizeCategory
    /// A cell's content view has other margins than a screen's root, and a fitted height is an
    /// optional constraint where a screen's is required.
    var isCell: Bool
    var isTableCell: Bool
    var fitsHeight: Bool
    /// A table cell's side margins set apart from its table's (``CellContext/sideMargin``).
    var cellSideMargin: Double?

    /// `bySizeClass` false: one key for every size class (of a document that picks nothing by
    /// them), under the traits of compact width and height; `byScale` false: one for every scale
    /// (of a document that measures no text), under 1; `byRootWidth` false: one for roots on
    /// either side of 375 pt (of a document whose constraints read no margins).
    package init(
      _ environment: Environment, bySizeClass: Bool = true, byScale: Bool = true, byRootWidth: Bool = true
    ) {
      contentSize = environment.contentSizeCategory
      traits = bySizeClass ? environment.traits : TraitCollection(horizontal: .compact, vertical: .compact)
      direction = environment.layoutDirection
      scale = byScale ? environment.scale : 1
      let marginWidth = environment.cell?.hostWidth ?? environment.containerSize.width
      wideRoot = byRootWidth && marginWidth > SystemLayoutMargins.compactWidthLimit
      isCell = environment.cell != nil
      isTableCell = environment.cell?.isTableCell == true
      fitsHeight = environment.cell?.fitsHeight == true
      cellSideMargin = environment.cell?.sideMargin
    }
  }

}
