/// Checks candidate fixes (``FixCandidates``) by solving the edited layout: a fix is offered
/// only when, in every environment the command checked, the problem is gone and no error or
/// warning appears that the unedited layout did not have there (a view outside the safe area or
/// an overlapping pair that the check left unreported behind the worst one counts as had).
///
/// The checker knows neither the engine nor the command's rules: it is given a way to solve a
/// document (the engine, through the command's pipeline) and the problems a command reports for
/// a solved layout (its failure policy, with the checks it runs and the suppressions it honours).
public struct FixChecker {
  /// Solves one document in any environment (`nil`: no engine).
  public typealias Solve = (_ environment: Environment) -> LayoutResult?
  /// Says which constraints values of the document's layout in an environment rest on (the
  /// engine's explanations, as `trellis why` prints them), one per request, `nil` where unknown.
  public typealias Explain = (
    _ environment: Environment, _ requests: [(view: String, quantity: FrameExplanation.Quantity)]
  ) -> [FrameExplanation?]

  /// A problem as the same finding in another environment or another layout: its code, the view
  /// it is about, where it was written (the message only for a problem with neither, since
  /// messages carry sizes that change with the environment).
  public struct ProblemKey: Hashable, Sendable {
    var code: Diagnostic.Code
    var subject: String?
    var location: SourceLocation?
    var message: String?

    public init(_ diagnostic: Diagnostic) {
      code = diagnostic.code
      subject = diagnostic.subject
      location = diagnostic.location
      message = diagnostic.subject == nil && diagnostic.location == nil ? diagnostic.message : nil
    }
  }

  /// The document as read.
  public let document: LayoutDocument
  /// The document's solved layouts, one per environment the command checked.
  public let originals: [LayoutResult]
  /// At most this many candidates are tried per problem.
  public var maxCandidates = 12
  /// At most this many checked fixes are offered per problem.
  public var maxFixes = 3
  /// Explains the unedited document's layouts, for candidates that need to know which
  /// constraint puts a view where it is (a view outside the safe area); `nil`: none of those.
  public var explain: Explain?

  private let makeSolver: (LayoutDocument) -> Solve
  private let problems: (LayoutResult) -> [Diagnostic]
  /// Per environment, the problems the command reports there.
  private let reportedKeys: [Set<ProblemKey>]

  /// - Parameters:
  ///   - document: the layout as read.
  ///   - originals: its solved layouts in the environments the command checked.
  ///   - makeSolver: makes a function solving a document in any environment (used from one
  ///     thread; it may keep a live solver between environments).
  ///   - problems: the errors and warnings the command reports for a solved layout.
  public init(
    document: LayoutDocument, originals: [LayoutResult], makeSolver: @escaping (LayoutDocument) -> Solve,
    problems: @escaping (LayoutResult) -> [Diagnostic]
  ) {
    self.document = document
    self.originals = originals
    self.makeSolver = makeSolver
    self.problems = problems
    reportedKeys = originals.map { result in Self.keys(problems(result)) }
  }

  private static func keys(_ diagnostics: [Diagnostic]) -> Set<ProblemKey> {
    Set(diagnostics.filter { $0.severity != .note }.map(ProblemKey.init))
  }

  /// The environments (indices into ``originals``) where `diagnostic` was found.
  public func environments(of diagnostic: Diagnostic) -> [Int] {
    let key = ProblemKey(diagnostic)
    return reportedKeys.indices.filter { reportedKeys[$0].contains(key) }
  }

  /// The checked fixes for `diagnostic` (one of the problems found in ``originals``), best
  /// first; empty when no candidate passes.
  public func fixes(for diagnostic: Diagnostic) -> [CheckedFix] {
    let found = environments(of: diagnostic)
    guard let first = found.first else { return [] }
    var out: [CheckedFix] = []
    // A problem of some size classes only may need its constraint there alone: each candidate
    // that adds one is tried again in a `when` group covering the environments it was found in.
    let scope = pattern(covering: found)
    // (Not when the candidate passed everywhere: the narrower version would say the same.)
    var tries: [(edits: [LayoutEdit], unscoped: [LayoutEdit]?)] = []
    let candidates = FixCandidates.candidates(
      for: diagnostic, in: originals[first], document: document, found: found.map { originals[$0] }, all: originals,
      explain: explain)
    for edits in candidates {
      tries.append((edits, nil))
      guard let scope, edits.contains(where: \.isAddition) else { continue }
      let scoped = edits.map {
        $0.isAddition ? LayoutEdit($0.change, constraintText: $0.constraintText, when: scope) : $0
      }
      tries.append((scoped, edits))
    }
    for (edits, unscoped) in tries.prefix(maxCandidates) {
      guard out.count < maxFixes else { break }
      if let unscoped, out.contains(where: { $0.edits == unscoped }) { continue }
      let fix = CheckedFix(edits: edits, checkedEnvironments: originals.count)
      if check(fix, removing: [diagnostic], firstIn: found) { out.append(fix) }
    }
    return out
  }

  /// The size-class pattern, one class (height first, then width) or both, that every
  /// environment of `found` matches and some environment checked does not; `nil` when none.
  func pattern(covering found: [Int]) -> TraitPattern? {
    guard let traits = found.first.map({ originals[$0].environment.traits }) else { return nil }
    let candidates = [
      TraitPattern(vertical: traits.vertical), TraitPattern(horizontal: traits.horizontal),
      TraitPattern(horizontal: traits.horizontal, vertical: traits.vertical),
    ]
    return candidates.first { pattern in
      found.allSatisfy { pattern.matches(originals[$0].environment.traits) }
        && originals.contains { !pattern.matches($0.environment.traits) }
    }
  }

  /// Whether the layout with `fix` made has none of `targets` in any environment, and no
  /// problem an environment did not have before. The environments where the targets were found
  /// are solved first: that is where a fix fails most often.
  public func check(_ fix: CheckedFix, removing targets: [Diagnostic], firstIn found: [Int] = []) -> Bool {
    guard let edited = fix.apply(to: document) else { return false }
    return check(edited, removing: targets, firstIn: found)
  }

  /// ``check(_:removing:firstIn:)`` for a document already edited.
  public func check(_ edited: LayoutDocument, removing targets: [Diagnostic], firstIn found: [Int] = []) -> Bool {
    let solve = makeSolver(edited)
    let removed = Set(targets.map(ProblemKey.init))
    let order = found + originals.indices.filter { !found.contains($0) }
    for index in order {
      guard let result = solve(originals[index].environment) else { return false }
      let now = Self.keys(problems(result))
      guard now.isDisjoint(with: removed), isOld(now, in: index) else { return false }
    }
    return true
  }

  /// Whether every problem of `now` was had in environment `index` before: reported there, or
  /// behind a finding a check reports one of (the worst view outside the safe area, the first
  /// overlapping pair; ``DesignChecks/everyFinding(for:)``), which a fix that removes the first
  /// uncovers but does not cause. The findings behind are looked for only when needed: listing
  /// them compares every pair of siblings.
  private func isOld(_ now: Set<ProblemKey>, in index: Int) -> Bool {
    let reported = reportedKeys[index]
    if now.isSubset(of: reported) { return true }
    let behind = DesignChecks.everyFinding(for: originals[index]).map(ProblemKey.init)
    return now.isSubset(of: reported.union(behind))
  }
}
