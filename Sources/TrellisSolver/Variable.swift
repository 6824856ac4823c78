/// An unknown of a linear system, made by a ``Solver``.
///
/// A variable is a small value: the solver that made it, its index there and
/// a name used in messages. Variables from one solver cannot be used in another;
/// doing so is reported as ``SolverError/foreignVariable(name:)``.
///
/// `Variable` is deliberately not `Equatable`: `x == y` builds a ``Constraint``.
/// Use ``id`` to key a dictionary by variable.
public struct Variable: Identifiable, Sendable, CustomStringConvertible {
  /// The identity of the variable: its solver and its index in that solver.
  public struct ID: Hashable, Sendable, Comparable {
    let solver: UInt64
    package let index: Int32
    public static func < (lhs: ID, rhs: ID) -> Bool {
      (lhs.solver, lhs.index) < (rhs.solver, rhs.index)
    }
  }

  /// The name given when the variable was made, used in messages and dumps.
  public let name: String
  let solver: UInt64
  /// The variable's index in its solver: `package` for the solver's white-box tests, which read
  /// its symbol in the tableau and make variables by index.
  package let index: Int32

  package init(name: String, solver: UInt64, index: Int32) {
    self.name = name
    self.solver = solver
    self.index = index
  }

  public var id: ID { ID(solver: solver, index: index) }
  public var description: String { name }
}
