import TrellisModel
import TrellisSupport

extension LayoutEngine {
  /// A self-sizing cell's layout finished as UIKit finishes it: the container takes the height
  /// the content fitted to, and a table cell whose content fits in no height at all gets the
  /// standard row height instead, with UIKit's warning (docs/semantics.md, "Cells").
  func fitted(_ result: LayoutResult, in environment: Environment, snapToPixels: Bool) -> LayoutResult {
    guard let cell = environment.cell, cell.fitsHeight, let root = result.views.first else { return result }
    if cell.isTableCell, root.frame.height < EngineTolerance.zeroFittedHeight, !result.hasConflicts {
      var fixed = environment
      fixed.cell?.fitsHeight = false
      fixed.containerSize.height = CellMetrics.standardRowHeight - cell.separatorHeight
      var standard = layout(in: fixed, snapToPixels: snapToPixels)
      standard.diagnostics.insert(
        Diagnostic(
          .warning,
          "The constraints of '\(root.id)' (a table cell's content view) fit it in no height at all: "
            + "nothing ties its content to its bottom. UIKit says \"Detected a case where constraints "
            + "ambiguously suggest a height of zero for a table view cell's content view\" and uses the "
            + "standard height instead (\(fmt(CellMetrics.standardRowHeight)) pt). Pin the content's "
            + "bottom to the content view's bottom (or its margins) so that the height comes from the content.",
          code: "cell-zero-height", at: document.root.location, path: document.root.path, kind: .ambiguity,
          environment: environment),
        at: 0)
      return standard
    }
    var result = result
    result.environment.containerSize.height = root.frame.height
    return result
  }
}
