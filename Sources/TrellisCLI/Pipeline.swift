import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisText

/// A layout file as read: the document when it could be built, and every problem found.
package struct ReadOutcome: Sendable {
  package var document: LayoutDocument?
  package var diagnostics: [Diagnostic]
  /// The file's text, for quoting source lines under diagnostics.
  package var source: SourceText?
  /// The environment the file was designed in, when it says (an Interface Builder scene's).
  package var designEnvironment: Environment?
  /// When the file's scene is a component (an Interface Builder card, banner or header, not a
  /// screen): its stored size, and whether it was as wide as its container (its screen).
  package var component: (size: Size, spansWidth: Bool)?

  package init(
    document: LayoutDocument?, diagnostics: [Diagnostic], source: SourceText? = nil,
    designEnvironment: Environment? = nil
  ) {
    self.document = document
    self.diagnostics = diagnostics
    self.source = source
    self.designEnvironment = designEnvironment
  }

  /// `environment` (a screen's) as the scene is laid out in it: a cell's content view as its
  /// table or collection as wide as the screen shows it (``CellSpec/contentEnvironment(on:hostWidth:)``);
  /// a component at its stored size (at the screen's width when it spans its container's) with no
  /// safe area, for it is on no screen of its own; anything else unchanged.
  package func placed(_ environment: Environment) -> Environment {
    if let cell = document?.cell { return cell.contentEnvironment(on: environment) }
    guard let component else { return environment }
    var placed = environment
    placed.containerSize = Size(
      width: component.spansWidth ? environment.containerSize.width : component.size.width,
      height: component.size.height)
    placed.safeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    return placed
  }
}

/// The narrow seams through which the commands reach the rest of Trellis: one reads a file, one
/// resolves a document for an environment, one solves it, one formats diagnostics.
///
/// ``standard`` wires the real reader and engine; tests substitute closures returning hand-built values.
package struct Pipeline: Sendable {
  /// Reads and checks a layout file; never throws (problems become diagnostics).
  package var read: @Sendable (_ path: String) -> ReadOutcome
  /// Decides every size-class variation for an environment (`LayoutDocument.resolved(for:)`),
  /// measuring text as the settings say (fonts, else a metric).
  package var resolve:
    @Sendable (_ document: LayoutDocument, _ environment: Environment, _ text: TextSettings) ->
      ResolvedLayout?
  /// Solves one document for an environment, optionally rounding frames to the pixel grid;
  /// `nil` means no engine is linked.
  package typealias Solve = (_ environment: Environment, _ snapToPixels: Bool) -> LayoutResult?

  /// Makes a function that solves one document for any environment. The function is used from
  /// one thread at a time and may keep work between calls (the engine keeps a live solver and
  /// applies only what changed from the previous environment). Text is measured as the
  /// settings say (fonts, else a metric).
  package var makeSolver: @Sendable (_ document: LayoutDocument, _ text: TextSettings) -> Solve
  /// Solves one document for an environment and says why values of the solution are what they
  /// are (`trellis why`, the preview's hover panel): one explanation per request, `nil` for a
  /// view the layout does not have; `nil` means no engine is linked. Used from one thread at a
  /// time, as ``Solve`` is.
  package typealias Explain = (
    _ environment: Environment, _ requests: [(view: String, quantity: FrameExplanation.Quantity)]
  ) -> (result: LayoutResult, explanations: [FrameExplanation?])?
  package var makeExplainer: @Sendable (_ document: LayoutDocument, _ text: TextSettings) -> Explain
  /// GNU-style text for diagnostics: `file:line:col: severity: message`, the JSON path, the source
  /// line and a caret (lines are quoted from the `sources` whose file names match).
  package var formatDiagnostics: @Sendable (_ diagnostics: [Diagnostic], _ sources: [SourceText]) -> String

  package init(
    read: @escaping @Sendable (String) -> ReadOutcome,
    resolve: @escaping @Sendable (LayoutDocument, Environment, TextSettings) -> ResolvedLayout?,
    makeSolver: @escaping @Sendable (LayoutDocument, TextSettings) -> Solve,
    formatDiagnostics: @escaping @Sendable ([Diagnostic], [SourceText]) -> String = {
      DiagnosticRenderer.gnu($0, sources: $1)
    },
    makeExplainer: @escaping @Sendable (LayoutDocument, TextSettings) -> Explain = Pipeline.engineExplainer
  ) {
    self.read = read
    self.resolve = resolve
    self.makeSolver = makeSolver
    self.makeExplainer = makeExplainer
    self.formatDiagnostics = formatDiagnostics
  }

  /// The real pieces: ``LayoutReader`` reads, `LayoutDocument.resolved(for:)` resolves, one
  /// ``LayoutEngine`` per solver function solves (an engine keeps its solver between
  /// environments, so each function must stay on one thread), ``DiagnosticRenderer`` prints.
  package static let standard = Pipeline(
    read: { path in
      let result = LayoutReader.read(contentsOf: path)
      return ReadOutcome(document: result.document, diagnostics: result.diagnostics, source: result.source)
    },
    resolve: { document, environment, text in
      document.resolved(for: environment, typesetter: Typesetter(text))
    },
    makeSolver: { document, text in
      let engine = LayoutEngine(document: document, typesetter: Typesetter(text))
      return { environment, snap in engine.layout(in: environment, snapToPixels: snap) }
    })

  /// The real explainer: one ``LayoutEngine`` per function, which lays out and then reads its
  /// solver's basis (`LayoutEngine.explanations(of:)`).
  package static let engineExplainer: @Sendable (LayoutDocument, TextSettings) -> Explain = { document, text in
    let engine = LayoutEngine(document: document, typesetter: Typesetter(text))
    return { environment, requests in
      let result = engine.layout(in: environment)
      return (result, requests.isEmpty ? [] : engine.explanations(of: requests))
    }
  }

  /// Solves once, with a fresh solver.
  package func solve(
    _ document: LayoutDocument, _ environment: Environment, snapToPixels: Bool = false,
    text: TextSettings = TextSettings()
  ) -> LayoutResult? {
    makeSolver(document, text)(environment, snapToPixels)
  }
}
