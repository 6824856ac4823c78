import TrellisModel
import TrellisSolver

/// The conflicts one engine has explained, so that a conflict met again in another environment
/// (`validate` solves eight, `matrix` dozens) is not searched for again.
///
/// Explaining a conflict is the expensive part of breaking a required constraint: the solver
/// sorts every required constraint it holds and searches them with fresh solvers (QuickXplain),
/// for each of the first ``LayoutEngine/maxConflictDiagnostics`` conflicts of every layout. A
/// minimal conflicting set is a property of the equations alone: when the broken constraint
/// and every member of a set found earlier are in the solver again as the same equations (same
/// variables, coefficients, constant, relation and priority), the set is still a minimal
/// conflicting set there, whatever else the solver holds, and the search is skipped.
///
/// A conflict the solver reported without its set (more than ``searchLimit`` required
/// constraints and no certificate) is reported so again while the solver holds more than
/// ``searchLimit`` required constraints before it: the message, "too many required constraints
/// to search", stays true.
final class ConflictMemo {
  /// A constraint as the solver gets it, by its layout id and variable names (which are the
  /// same in every solver of one document: `v1.width`, `s#gap1.x`).
  struct Equation: Hashable {
    var id: String
    var relation: LayoutRelation
    var priority: Double
    var constant: Double
    var terms: [Term]

    struct Term: Hashable {
      var name: String
      var coefficient: Double
    }

    init(_ layout: LayoutConstraint, _ expression: LinearExpression, constant: Double) {
      id = layout.id
      relation = layout.relation
      priority = layout.priority
      self.constant = constant
      terms = expression.terms.map { Term(name: $0.variable.name, coefficient: $0.coefficient) }
    }

    init(_ installed: LayoutEngine.Installed) {
      self.init(installed.layout, installed.expression, constant: installed.constant)
    }
  }

  /// One explained conflict: the broken constraint and the set it conflicts with (empty when
  /// the solver did not list it).
  struct Explanation {
    var broken: Equation
    var members: [Equation]
  }

  /// The solver's own limit: with more required constraints than this and no certificate, it
  /// does not search for the set (`Engine.explanationLimit` in TrellisSolver/Conflicts.swift).
  static let searchLimit = 1000

  /// The most explanations kept: a few layouts' worth of reported conflicts.
  static let capacity = 8 * LayoutEngine.maxConflictDiagnostics

  /// Explanations by the broken constraint's id.
  private(set) var byID: [String: [Explanation]] = [:]
  private(set) var count = 0
  /// How many conflicts were reported with a kept explanation instead of a search (for tests).
  var reused = 0

  var isEmpty: Bool { count == 0 }

  /// The ids of every kept explanation's members: only constraints with these ids need to be
  /// found again (a layout indexes just those as it adds them).
  private(set) var memberIDs: Set<String> = []

  /// Keeps `explanation` unless one for the same equation is kept or the memo is full.
  func record(_ explanation: Explanation) {
    guard count < Self.capacity else { return }
    var list = byID[explanation.broken.id] ?? []
    if list.contains(where: { $0.broken == explanation.broken }) { return }
    list.append(explanation)
    byID[explanation.broken.id] = list
    for member in explanation.members { memberIDs.insert(member.id) }
    count += 1
  }

  /// The explanations kept for constraints with this id.
  func explanations(for id: String) -> [Explanation] { byID[id] ?? [] }
}
