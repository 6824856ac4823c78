import TrellisModel
import TrellisSupport

extension LayoutEngine {
  /// A self-sizing cell's layout finished as UIKit finishes it: the container takes the height
  /// the content fitted to, and a cell whose content fits in no height at all gets the standard
  /// row (or item) height instead, with UIKit's warning (docs/semantics.md, "Cells").
  func fitted(_ result: LayoutResult, in environment: Environment, snapToPixels: Bool) -> LayoutResult {
    guard let cell = environment.cell, cell.fitsHeight, let root = result.views.first else { return result }
    if root.frame.height < EngineTolerance.zeroFittedHeight, !result.hasConflicts {
      var fixed = environment
      fixed.cell?.fitsHeight = false
      let standard = cell.isTableCell ? CellMetrics.standardRowHeight : CellMetrics.standardItemHeight
      fixed.containerSize.height = standard
      var laidOut = layout(in: fixed, snapToPixels: snapToPixels)
      let what =
        cell.isTableCell ? "a height of zero for a table view cell's" : "a size of zero for a collection view cell's"
      laidOut.diagnostics.insert(
        Diagnostic(
          .warning,
          "The constraints of '\(root.id)' (a \(cell.isTableCell ? "table" : "collection") cell's content view) fit "
            + "it in no height at all: nothing ties its content to its bottom. UIKit says \"Detected a case where "
            + "constraints ambiguously suggest \(what) content view\" and uses the standard "
            + "\(cell.isTableCell ? "height" : "size") instead (\(fmt(standard)) pt). Pin the content's bottom to the "
            + "content view's bottom (or its margins) so that the height comes from the content.",
          code: "cell-zero-height", at: document.root.location, path: document.root.path, kind: .ambiguity,
          environment: environment),
        at: 0)
      return laidOut
    }
    var result = result
    result.environment.containerSize.height = root.frame.height
    return result
  }
}

extension LayoutEngine {
  /// Gives the label or button `id` another text in every size class, keeping the engine's
  /// solvers: the next layout regenerates the constraint set and brings a kept solver to it,
  /// where the changed content sizes are constants changed in place. This is how a list sizes
  /// many rows of one cell layout (`trellis-bench`'s `cells` workload measures it against a
  /// fresh engine per row). Returns `false`, changing nothing, when no such view has text.
  @discardableResult
  public func setText(_ text: String, ofView id: String) -> Bool {
    guard document.setText(text, ofView: id) else { return false }
    // A slot that broke a required constraint may break another with other text: rebuilt.
    var index = 0
    while index < cache.slots.count {
      if cache[index].hadRejections {
        cache.remove(at: index)
      } else {
        cache[index].contentChanged()
        index += 1
      }
    }
    return true
  }
}
