import TrellisModel
import TrellisSupport
import TrellisText

/// Finds checked fixes for the problems a command reports (``FixChecker``), solving edited
/// layouts through the command's pipeline, and judging them by the command's own rules.
struct FixSearch {
  /// `--no-fixes`: skip the search (each candidate is solved in every environment checked).
  static let noFixesSpec = OptionSpec.flag(
    "no-fixes", help: "Do not look for fixes (each fix is checked by solving the edited layout everywhere).")

  /// At most this many distinct problems get a search: past it, the rest are left as they are.
  static let maxProblems = 20

  /// Layouts of more views than this get no search: each candidate is a fresh layout of the
  /// whole file, which for thousands of views costs seconds per problem.
  static let maxViews = 1_000

  var checker: FixChecker
  /// Whether the layout is small enough to search (``maxViews``).
  let searches: Bool

  /// - Parameters:
  ///   - results: the layouts the command solved, one per environment it checked.
  ///   - problems: the diagnostics the command reports for a solved layout.
  init(
    document: LayoutDocument, results: [LayoutResult], pipeline: Pipeline, text: TextSettings,
    problems: @escaping (LayoutResult) -> [Diagnostic]
  ) {
    searches = document.viewCount <= Self.maxViews
    checker = FixChecker(
      document: document, originals: results,
      makeSolver: { edited in
        let solve = pipeline.makeSolver(edited, text)
        return { environment in solve(environment, false) }
      }, problems: problems)
    // A fresh engine per question: asked once per view outside the safe area, on the unedited layout.
    checker.explain = { environment, requests in
      pipeline.makeExplainer(document, text)(environment, requests)?.explanations ?? requests.map { _ in nil }
    }
  }

  /// `diagnostics` with the checked fixes of each error and warning (the first
  /// ``maxProblems`` that have candidates).
  func attach(to diagnostics: [Diagnostic]) -> [Diagnostic] {
    var out = diagnostics
    guard searches else { return out }
    var searched = 0
    for index in out.indices where out[index].severity != .note && searched < Self.maxProblems {
      guard !checker.environments(of: out[index]).isEmpty else { continue }
      searched += 1
      out[index].fixes = checker.fixes(for: out[index])
    }
    return out
  }

  /// The distinct problems of `results` (as `problems` reports them), each once, in the order
  /// first found, with how many environments it was found in and its checked fixes.
  func distinctProblems(_ problems: (LayoutResult) -> [Diagnostic]) -> [(diagnostic: Diagnostic, count: Int)] {
    var found: [(diagnostic: Diagnostic, count: Int)] = []
    var index: [FixChecker.ProblemKey: Int] = [:]
    for result in checker.originals {
      for diagnostic in problems(result) where diagnostic.severity != .note {
        let key = FixChecker.ProblemKey(diagnostic)
        if let known = index[key] {
          found[known].count += 1
        } else {
          index[key] = found.count
          found.append((diagnostic, 1))
        }
      }
    }
    var searched = 0
    for position in found.indices where searches && searched < Self.maxProblems {
      let fixes = checker.fixes(for: found[position].diagnostic)
      searched += 1
      found[position].diagnostic.fixes = fixes
    }
    return found
  }
}
