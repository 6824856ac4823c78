import TrellisLayout
import TrellisModel

extension MatrixOptions {
  /// ``solve(_:_:)``, with each environment's explanation of every view's x, y, width and height
  /// (the preview's hover "why"): one explainer per device, as `solve` keeps one solver per device.
  func solveExplaining(_ read: (LayoutDocument, ReadOutcome), _ context: inout CommandContext) throws -> (
    solved: [(entry: MatrixCommand.Entry, result: LayoutResult, explanations: [FrameExplanation])],
    policy: FailurePolicy
  ) {
    let (document, outcome) = read
    let settings = try text.settings(for: document, &context)
    var policy = FailurePolicy()
    policy.suppressions = Suppressions(document.suppressions + suppressed)
    let requests = Self.frameRequests(document)
    var explainers: [String: Pipeline.Explain] = [:]
    var solved: [(entry: MatrixCommand.Entry, result: LayoutResult, explanations: [FrameExplanation])] = []
    for var entry in MatrixCommand.entries(family: family) {
      entry.environment = outcome.placed(entry.environment)
      if text.rightToLeft { entry.environment.layoutDirection = .rightToLeft }
      let explain = explainers[entry.device.name] ?? context.pipeline.makeExplainer(document, settings)
      explainers[entry.device.name] = explain
      guard let (result, explanations) = explain(entry.environment, requests) else { throw RuntimeError.noEngine }
      solved.append((entry, result, explanations.compactMap { $0 }))
    }
    return (solved, policy)
  }

  /// Every view's x, y, width and height but the root's, in document order.
  static func frameRequests(_ document: LayoutDocument) -> [(view: String, quantity: FrameExplanation.Quantity)] {
    var ids: [String] = []
    func walk(_ view: ViewNode, isRoot: Bool) {
      if !isRoot { ids.append(view.id) }
      for child in view.children { walk(child, isRoot: false) }
    }
    walk(document.root, isRoot: true)
    return ids.flatMap { id in [FrameExplanation.Quantity.x, .y, .width, .height].map { (id, $0) } }
  }
}
