import Synchronization

/// How the two sides of a constraint relate.
public enum Relation: String, Sendable, CaseIterable, CustomStringConvertible {
  case lessThanOrEqual = "<="
  case equal = "=="
  case greaterThanOrEqual = ">="

  public var description: String { rawValue }
}

/// Source of unique constraint identities; identities only name constraints,
/// they never steer a solver decision, so their order does not matter.
private let nextConstraintID = Atomic<UInt64>(1)

/// A linear relation `expression (<= | == | >=) 0` with a priority and an optional label.
///
/// Build one with operators (`x + 8 == y`, `w >= 44`), then adjust it with
/// ``priority(_:)`` and ``labeled(_:)``. Each constraint made by an operator or
/// an initializer has its own identity; copies share it, so a copy can be used to
/// remove the constraint it was copied from.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
  /// The left side minus the right side.
  public let expression: LinearExpression
  public let relation: Relation
  public private(set) var priority: Priority
  /// The caller's name for the constraint, used in every message about it.
  public private(set) var label: String?
  /// The identity (`package` for the solver's white-box tests, which look records up by it).
  package let id: UInt64

  /// Makes the constraint `expression relation 0`.
  public init(
    _ expression: LinearExpression, _ relation: Relation, priority: Priority = .required, label: String? = nil
  ) {
    self.expression = expression
    self.relation = relation
    self.priority = priority
    self.label = label
    self.id = nextConstraintID.add(1, ordering: .relaxed).oldValue
  }

  /// Makes the constraint `lhs relation rhs`.
  public init(
    _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, priority: Priority = .required,
    label: String? = nil
  ) {
    self.init(lhs - rhs, relation, priority: priority, label: label)
  }

  /// The same constraint (same identity) at another priority; use before adding it.
  public func priority(_ priority: Priority) -> Constraint {
    var copy = self
    copy.priority = priority
    return copy
  }

  /// The same constraint (same identity) with a label for messages.
  public func labeled(_ label: String) -> Constraint {
    var copy = self
    copy.label = label
    return copy
  }

  public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// `label: expression op 0 @priority`, or without the label when there is none.
  public var description: String {
    let body = "\(expression) \(relation) 0"
    let withPriority = priority.isRequired ? body : "\(body) @\(priority)"
    if let label { return "'\(label)' (\(withPriority))" }
    return withPriority
  }
}

// MARK: - Operators that build constraints

public func == (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs, .equal, rhs) }
public func == (lhs: LinearExpression, rhs: Variable) -> Constraint { Constraint(lhs, .equal, LinearExpression(rhs)) }
public func == (lhs: Variable, rhs: LinearExpression) -> Constraint { Constraint(LinearExpression(lhs), .equal, rhs) }
public func == (lhs: Variable, rhs: Variable) -> Constraint {
  Constraint(LinearExpression(lhs), .equal, LinearExpression(rhs))
}
public func == (lhs: LinearExpression, rhs: Double) -> Constraint {
  Constraint(lhs, .equal, LinearExpression(constant: rhs))
}
public func == (lhs: Variable, rhs: Double) -> Constraint {
  Constraint(LinearExpression(lhs), .equal, LinearExpression(constant: rhs))
}
public func == (lhs: Double, rhs: LinearExpression) -> Constraint {
  Constraint(LinearExpression(constant: lhs), .equal, rhs)
}
public func == (lhs: Double, rhs: Variable) -> Constraint {
  Constraint(LinearExpression(constant: lhs), .equal, LinearExpression(rhs))
}

public func <= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs, .lessThanOrEqual, rhs) }
public func <= (lhs: LinearExpression, rhs: Variable) -> Constraint {
  Constraint(lhs, .lessThanOrEqual, LinearExpression(rhs))
}
public func <= (lhs: Variable, rhs: LinearExpression) -> Constraint {
  Constraint(LinearExpression(lhs), .lessThanOrEqual, rhs)
}
public func <= (lhs: Variable, rhs: Variable) -> Constraint {
  Constraint(LinearExpression(lhs), .lessThanOrEqual, LinearExpression(rhs))
}
public func <= (lhs: LinearExpression, rhs: Double) -> Constraint {
  Constraint(lhs, .lessThanOrEqual, LinearExpression(constant: rhs))
}
public func <= (lhs: Variable, rhs: Double) -> Constraint {
  Constraint(LinearExpression(lhs), .lessThanOrEqual, LinearExpression(constant: rhs))
}
public func <= (lhs: Double, rhs: LinearExpression) -> Constraint {
  Constraint(LinearExpression(constant: lhs), .lessThanOrEqual, rhs)
}
public func <= (lhs: Double, rhs: Variable) -> Constraint {
  Constraint(LinearExpression(constant: lhs), .lessThanOrEqual, LinearExpression(rhs))
}

public func >= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint {
  Constraint(lhs, .greaterThanOrEqual, rhs)
}
public func >= (lhs: LinearExpression, rhs: Variable) -> Constraint {
  Constraint(lhs, .greaterThanOrEqual, LinearExpression(rhs))
}
public func >= (lhs: Variable, rhs: LinearExpression) -> Constraint {
  Constraint(LinearExpression(lhs), .greaterThanOrEqual, rhs)
}
public func >= (lhs: Variable, rhs: Variable) -> Constraint {
  Constraint(LinearExpression(lhs), .greaterThanOrEqual, LinearExpression(rhs))
}
public func >= (lhs: LinearExpression, rhs: Double) -> Constraint {
  Constraint(lhs, .greaterThanOrEqual, LinearExpression(constant: rhs))
}
public func >= (lhs: Variable, rhs: Double) -> Constraint {
  Constraint(LinearExpression(lhs), .greaterThanOrEqual, LinearExpression(constant: rhs))
}
public func >= (lhs: Double, rhs: LinearExpression) -> Constraint {
  Constraint(LinearExpression(constant: lhs), .greaterThanOrEqual, rhs)
}
public func >= (lhs: Double, rhs: Variable) -> Constraint {
  Constraint(LinearExpression(constant: lhs), .greaterThanOrEqual, LinearExpression(rhs))
}
