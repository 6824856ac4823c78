import Synchronization

private let nextSolverID = Atomic<UInt64>(1)

/// An incremental linear constraint solver (Cassowary-style simplex) with
/// Auto Layout's priorities.
///
/// ```swift
/// let solver = Solver()
/// let left = solver.makeVariable("left"), width = solver.makeVariable("width")
/// try solver.add(left >= 0)
/// try solver.add(width == 100)
/// try solver.add((left + width == 300).priority(.defaultHigh))
/// try solver.addEditVariable(width, priority: .defaultLow)
/// try solver.suggestValue(120, for: width)
/// solver.value(of: left)   // 180
/// ```
///
/// Every operation either succeeds or throws a ``SolverError`` and leaves the
/// solver exactly as it was. Decisions never depend on hashing order, so the
/// same calls give bit-identical values in every process.
public final class Solver {
  /// How optional constraints are traded against each other.
  public enum Mode: Sendable, Hashable {
    /// Lexicographic: a higher priority is never violated more to satisfy any number of
    /// lower ones. Within one priority, the summed violation is minimized.
    case strict
    /// kiwi's arithmetic: minimize Σ priority × violation over all optional constraints.
    case weighted
  }

  /// The objective mode chosen at creation.
  public let mode: Mode
  /// The identity variables carry (`package` for tests that make a variable by index).
  package let id: UInt64
  // The engine never calls back into the solver, so the runtime exclusivity check on
  // every read, a large share of a resolve, guards nothing.
  /// The tableau. `package`, as are the tableau's types and the members the solver's white-box
  /// tests read and perturb (rows, records, symbols, the exact arithmetic), so that those tests
  /// need no `@testable import`; no other module uses them.
  @exclusivity(unchecked) package var engine: Engine

  /// Makes an empty solver.
  public init(mode: Mode = .strict) {
    self.mode = mode
    self.id = nextSolverID.add(1, ordering: .relaxed).oldValue
    self.engine = Engine(mode: mode)
  }

  /// Makes room for `variables` more variables and `constraints` more constraints, so that a
  /// large build does not grow its tables as it goes (a hint: nothing else changes).
  package func reserveCapacity(variables: Int, constraints: Int) {
    engine.reserveCapacity(variables: variables, constraints: constraints)
  }

  /// Makes a new variable, initially 0 and unconstrained.
  public func makeVariable(_ name: String) -> Variable {
    let index = engine.registerVariable(name: name)
    return Variable(name: name, solver: id, index: index)
  }

  /// The number of variables made by this solver.
  public var variableCount: Int { engine.variableNames.count }

  /// Adds a constraint.
  ///
  /// - Throws: ``SolverError/duplicateConstraint(_:)``, ``SolverError/invalidPriority(_:context:)``,
  ///   ``SolverError/nonFiniteValue(context:)``, ``SolverError/foreignVariable(name:)``, or
  ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` naming a minimal conflicting set.
  public func add(_ constraint: Constraint) throws(SolverError) {
    try checkOwnership(constraint.expression)
    try perform(refusing: .add(constraint)) { engine throws(SolverError) in try engine.add(constraint) }
  }

  /// What ``Solver/add(_:onConflict:storage:)`` does when a required constraint cannot hold with the
  /// required constraints already added.
  public enum ConflictPolicy: Sendable, Hashable {
    /// Throw ``SolverError/unsatisfiableConstraint(_:conflicts:)``, as ``add(_:)`` does.
    case throwError
    /// Break the new constraint: leave it out, keep everything already added, and report it
    /// in the returned ``AddOutcome`` (Auto Layout's "will attempt to recover by breaking
    /// constraint", for the constraint whose addition found the conflict).
    case breakIt
  }

  /// What ``Solver/add(_:onConflict:storage:)`` did.
  public enum AddOutcome: Sendable, Equatable {
    /// The constraint is in the solver.
    case added
    /// The required `constraint` could not hold together with `conflicts` (a minimal set of
    /// required constraints already added, as in ``SolverError/unsatisfiableConstraint(_:conflicts:)``);
    /// it was left out and the solver is exactly as it was before the call.
    case broken(Constraint, conflicts: [Constraint])

    /// The constraint that was broken, if any.
    public var brokenConstraint: Constraint? {
      if case .broken(let constraint, _) = self { return constraint }
      return nil
    }

    /// The minimal conflicting set the broken constraint met (empty when added).
    public var conflicts: [Constraint] {
      if case .broken(_, let conflicts) = self { return conflicts }
      return []
    }
  }

  /// How the solver keeps a required equality in its tableau.
  public enum EqualityStorage: Sendable, Hashable {
    /// With a marker symbol (Cassowary's dummy variable): removing the equality or changing
    /// its constant is incremental. The marker appears in the row of every variable the
    /// equality pins, so a chain or grid of n such equalities holds O(n²) cells.
    case removable
    /// Without a marker: rows stay as sparse as the equations (a chain of n equalities holds
    /// O(n) cells). Removing the equality or changing its constant rebuilds the tableau from
    /// the constraints, about the cost of adding them all; a conflict it meets is explained
    /// by searching the required constraints (when there are at most 1,000 of them). For equalities that last as long as the solver,
    /// as most of a layout's do. Other constraints are always stored as `removable`.
    case compact
  }

  /// Adds a constraint, or, with `.breakIt`, breaks it when it is required and cannot hold.
  ///
  /// ```swift
  /// try solver.add(width == 100)
  /// let outcome = try solver.add(width == 200, onConflict: .breakIt)
  /// outcome.brokenConstraint   // width == 200; width stays 100
  /// ```
  ///
  /// Built on the transactional ``add(_:)``: a broken constraint leaves the solver exactly as
  /// it was, so later constraints are added as if it had never been offered.
  ///
  /// - Throws: what ``add(_:)`` throws, except ``SolverError/unsatisfiableConstraint(_:conflicts:)``
  ///   under `.breakIt`.
  /// - Parameters:
  ///   - constraint: the constraint to add.
  ///   - policy: what to do when it is required and cannot hold (``ConflictPolicy``).
  ///   - storage: how a required equality is kept (see ``EqualityStorage``).
  /// - Returns: ``AddOutcome/added``, or ``AddOutcome/broken(_:conflicts:)``.
  @discardableResult
  public func add(
    _ constraint: Constraint, onConflict policy: ConflictPolicy, storage: EqualityStorage = .removable
  ) throws(SolverError) -> AddOutcome {
    do {
      try checkOwnership(constraint.expression)
      try perform(refusing: .add(constraint)) { engine throws(SolverError) in
        try engine.add(constraint, compact: storage == .compact)
      }
      return .added
    } catch {
      guard policy == .breakIt, case .unsatisfiableConstraint(let broken, let conflicts) = error else { throw error }
      return .broken(broken, conflicts: conflicts)
    }
  }

  /// While true, adding a constraint keeps the tableau feasible but does not re-optimize the
  /// objective; setting it back to false optimizes once. For many optional constraints added
  /// in a row (a layout's content-size constraints): each optimization scans the objective,
  /// whose length grows with them, so optimizing after each one costs O(n²). Values read while
  /// it is true are feasible but not optimal.
  package var defersOptimization: Bool {
    get { engine.defersOptimization }
    set {
      let wasDeferring = engine.defersOptimization
      engine.defersOptimization = newValue
      // Only ending a deferral optimizes: the layout engine clears the flag after every
      // install, deferred or not, and an optimal tableau needs no pass.
      if wasDeferring && !newValue {
        engine.optimize(.main)
        engine.settleInfeasibleRows()
        engine.refactorizeIfDue()
        // The certificate due from the deferred adds runs now. It can refuse none of them
        // (they are in): a conflict it proves stays as the floating-point solver accepted it,
        // as one left by an earlier unchecked operation does.
        _ = engine.certifyIfDue()
      }
    }
  }

  /// Whether a refused required constraint is explained with a minimal conflicting set (the
  /// default). Explaining searches the required constraints (QuickXplain over fresh solvers);
  /// a caller that only counts further conflicts (the layout engine, past its cap on reported
  /// conflicts) turns it off, and the error then names no set.
  package var explainsConflicts: Bool {
    get { engine.explainsConflicts }
    set { engine.explainsConflicts = newValue }
  }

  /// Removes a constraint that was added.
  public func remove(_ constraint: Constraint) throws(SolverError) {
    try perform(refusing: nil) { engine throws(SolverError) in try engine.remove(constraint) }
  }

  /// Whether the constraint has been added (and not removed).
  public func contains(_ constraint: Constraint) -> Bool {
    engine.records[constraint.id] != nil
  }

  /// The constraints in the solver, in the order they were added (edit constraints excluded).
  public var constraints: [Constraint] { engine.constraintsInOrder() }

  /// Changes the constant of an added constraint in place (the constant of
  /// `expression` in `expression relation 0`), re-solving with the dual simplex
  /// instead of a remove and re-add.
  ///
  /// - Throws: ``SolverError/unknownConstraint(_:)``, ``SolverError/nonFiniteValue(context:)``,
  ///   or ``SolverError/unsatisfiableConstraint(_:conflicts:)`` when a required constraint
  ///   cannot take the new constant; the old one is kept.
  public func setConstant(of constraint: Constraint, to constant: Double) throws(SolverError) {
    let old = engine.records[constraint.id]?.constant
    try perform(refusing: old.map { .setConstant(constraint, from: $0, to: constant) }) { engine throws(SolverError) in
      try engine.setConstant(of: constraint, to: constant)
    }
  }

  /// ``setConstant(of:to:)`` for a caller that drops this solver when it refuses (the layout
  /// engine rebuilds then): no snapshot is taken, so a refusal leaves the solver changed and
  /// unusable, and the error names no conflicting set. A success is exactly `setConstant`'s.
  package func setConstantDiscardingOnFailure(of constraint: Constraint, to constant: Double) throws(SolverError) {
    try perform(refusing: .discarding(constraint)) { engine throws(SolverError) in
      try engine.setConstantDiscardingOnFailure(of: constraint, to: constant)
    }
  }

  /// Makes `variable` an edit variable: an optional constraint `variable == value`
  /// whose value ``suggestValue(_:for:)`` changes. Its value starts at 0.
  public func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
    try checkOwnership(LinearExpression(variable))
    try perform(refusing: nil) { engine throws(SolverError) in
      try engine.addEditVariable(variable, priority: priority)
    }
  }

  /// Stops editing `variable`.
  public func removeEditVariable(_ variable: Variable) throws(SolverError) {
    try perform(refusing: nil) { engine throws(SolverError) in try engine.removeEditVariable(variable) }
  }

  /// Whether `variable` is an edit variable.
  public func hasEditVariable(_ variable: Variable) -> Bool {
    variable.solver == id && engine.edits[Int(variable.index)] != nil
  }

  /// Suggests a value for an edit variable and re-solves (dual simplex: a few pivots at most).
  public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
    guard variable.solver == id else { throw .foreignVariable(name: variable.name) }
    try perform(refusing: nil) { engine throws(SolverError) in try engine.suggestValue(value, for: variable) }
  }

  /// The variable's value in the current solution (0 for a variable in no constraint).
  ///
  /// - Precondition: the variable was made by this solver.
  /// - Complexity: O(1).
  public func value(of variable: Variable) -> Double {
    precondition(variable.solver == id, "variable '\(variable.name)' belongs to another solver")
    return engine.value(ofVariable: variable.index)
  }

  /// `constant` plus `expression`'s terms at the current solution (the expression's own constant
  /// is not used), and the largest magnitude among `constant` and the terms (coefficient ×
  /// value). For checks that run after every layout: it reads each term in place, where
  /// `value(of:)` per term copies the variable (and its name) each time.
  ///
  /// - Precondition: the variables were made by this solver.
  package func evaluate(_ expression: LinearExpression, constant: Double) -> (value: Double, largestTerm: Double) {
    var value = constant
    var largest = abs(constant)
    let terms = expression.terms
    for i in terms.indices {
      precondition(terms[i].variable.solver == id, "a variable belongs to another solver")
      let part = terms[i].coefficient * engine.value(ofVariable: terms[i].variable.index)
      value += part
      largest = max(largest, abs(part))
    }
    return (value, largest)
  }

  /// The variables whose value the constraints do not fix: unconstrained ones, and
  /// those free to move along a face of equally good solutions at every priority.
  ///
  /// - Parameter variables: the variables to check; all of this solver's when `nil`.
  /// - Returns: the ambiguous ones, in the order given (or in creation order).
  /// Changes whenever the tableau's structure changes (a pivot, an addition or removal, a
  /// rebuild), never for a change of constants alone (an edit, a constant moved without a
  /// pivot): results that depend only on the basis, such as ``ambiguousVariables(among:)``, may
  /// be kept while it is the same.
  package var structureRevision: Int { engine.structureRevision }

  public func ambiguousVariables(among variables: [Variable]? = nil) -> [Variable] {
    let candidates =
      variables
      ?? (0..<engine.variableNames.count).map {
        Variable(name: engine.variableNames[$0], solver: id, index: Int32($0))
      }
    let indices = candidates.filter { $0.solver == id }.map(\.index)
    let ambiguous = Set(engine.ambiguousVariables(indices))
    return candidates.filter { $0.solver == id && ambiguous.contains($0.index) }
  }

  /// The total violation of each optional priority level in the current solution,
  /// highest priority first: `|lhs − rhs|` summed for equalities, the amount by which
  /// inequalities miss. Edit variables count at their priority.
  public var violationByPriority: [(priority: Priority, violation: Double)] {
    engine.violationByPriority()
  }

  /// A readable dump in fixed sections: objective, rows, infeasible rows, variables,
  /// edit variables, constraints.
  public var stateDescription: String { engine.dump() }

  /// Problems with the internal tableau (empty when it is consistent). Tests call this
  /// after every mutation.
  package func checkInvariants() -> [String] { engine.checkInvariants() }

  // MARK: - Certification

  /// When results are checked in exact arithmetic: after every operation, or (the default)
  /// after those that took a decision near rounding. See `Certification.swift`.
  package var certification: CertificationPolicy {
    get { engine.certification }
    set { engine.certification = newValue }
  }

  /// How many results were checked in exact arithmetic, and how many of them were repaired.
  package var certificationCounts: (checked: Int, repaired: Int) { (engine.certificates, engine.repairs) }

  /// The exact verdict on the current state: nil when every required constraint holds and no
  /// priority level can improve, in exact arithmetic; else what is wrong. Changes nothing.
  package var exactProblem: String? { engine.exactFinding().map { engine.describe($0) } }

  /// What undoes an operation that exact arithmetic refuses (see ``perform(refusing:_:)``).
  private enum Refusal {
    case add(Constraint)
    case setConstant(Constraint, from: Double, to: Double)
    /// `setConstantDiscardingOnFailure`: refused without undoing (the caller drops the solver).
    case discarding(Constraint)
  }

  /// Runs an operation, then finishes it: a refactorization when due, and a certificate when
  /// due (see ``certification``). When the certificate proves that the required constraints
  /// cannot all hold, the floating-point operation accepted a conflict it took for rounding:
  /// an add or a constant change is undone and refused as the conflict it is. (A removal or an
  /// edit cannot make the required constraints conflict; then an earlier operation, unchecked,
  /// did, and the state stays as the floating-point solver left it.)
  private func perform(
    refusing refusal: Refusal?, _ operation: (inout Engine) throws(SolverError) -> Void
  ) throws(SolverError) {
    // Under `.everyOperation` a refusal puts back the state exactly; otherwise the inverse
    // operation does, so that the common path copies nothing.
    let snapshot: Engine? = engine.certification == .everyOperation && refusal != nil ? engine : nil
    do {
      try operation(&engine)
    } catch {
      engine.refactorizeIfDue()
      throw error
    }
    engine.refactorizeIfDue()
    guard engine.certifyIfDue() == .requiredConstraintsCannotHold, let refusal else { return }
    switch refusal {
    case .add(let constraint):
      if let snapshot { engine = snapshot } else { try? engine.remove(constraint) }
      engine.refactorizeIfDue()
      _ = engine.certifyIfDue()
      throw engine.unsatisfiable(constraint, constant: constraint.expression.constant, certificate: [], exactly: true)
    case .setConstant(let constraint, let old, let new):
      if let snapshot { engine = snapshot } else { try? engine.setConstant(of: constraint, to: old) }
      engine.refactorizeIfDue()
      _ = engine.certifyIfDue()
      var others = engine
      others.records[constraint.id] = nil
      throw others.unsatisfiable(constraint, constant: new, certificate: [], exactly: true)
    case .discarding(let constraint):
      throw .unsatisfiableConstraint(constraint, conflicts: [])
    }
  }

  private func checkOwnership(_ expression: LinearExpression) throws(SolverError) {
    for term in expression.terms where term.variable.solver != id {
      throw .foreignVariable(name: term.variable.name)
    }
  }
}
