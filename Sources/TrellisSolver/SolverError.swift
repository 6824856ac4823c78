/// Everything a ``Solver`` operation can reject. A rejected operation leaves the
/// solver exactly as it was before the call.
public enum SolverError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The constraint was already added.
  case duplicateConstraint(Constraint)
  /// The constraint is not in the solver.
  case unknownConstraint(Constraint)
  /// The required constraint cannot hold together with `conflicts`, a minimal set
  /// of required constraints already in the solver: drop any one of them and the
  /// rest, with the new one, can hold.
  case unsatisfiableConstraint(Constraint, conflicts: [Constraint])
  /// An edit variable was added twice.
  case duplicateEditVariable(name: String)
  /// `suggestValue` or `removeEditVariable` named a variable that is not being edited.
  case unknownEditVariable(name: String)
  /// The priority is not a finite number in (0, 1000], or an edit variable was given
  /// the required priority (edits must be optional).
  case invalidPriority(Priority, context: String)
  /// A coefficient, a constant or a suggested value is NaN or infinite.
  case nonFiniteValue(context: String)
  /// The variable was made by another solver.
  case foreignVariable(name: String)
  /// The solver could not complete an operation for numerical reasons; it was undone.
  case numericalFailure(context: String)

  public var description: String {
    switch self {
    case .duplicateConstraint(let c):
      return "The constraint \(c) was already added."
    case .unknownConstraint(let c):
      return "The constraint \(c) is not in the solver."
    case .unsatisfiableConstraint(let c, let conflicts):
      if conflicts.isEmpty {
        return "The required constraint \(c) cannot be satisfied on its own."
      }
      let list = conflicts.map(\.description).joined(separator: ", ")
      return "The required constraint \(c) conflicts with \(list)."
    case .duplicateEditVariable(let name):
      return "The variable '\(name)' is already an edit variable."
    case .unknownEditVariable(let name):
      return "The variable '\(name)' is not an edit variable."
    case .invalidPriority(let p, let context):
      return "The priority \(p) of \(context) is invalid: use a number in 1…1000 (edit variables below 1000)."
    case .nonFiniteValue(let context):
      return "\(context) is not a finite number."
    case .foreignVariable(let name):
      return "The variable '\(name)' belongs to another solver."
    case .numericalFailure(let context):
      return "The solver could not \(context) for numerical reasons; nothing was changed."
    }
  }
}
