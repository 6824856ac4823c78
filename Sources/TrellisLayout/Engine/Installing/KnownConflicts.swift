import TrellisModel
import TrellisSolver

// Conflicts explained by an earlier layout (``ConflictMemo``), found again in this solver.

extension ConstraintInstaller {
  /// The set an earlier layout found for `entry`'s conflict, if every member is in the solver
  /// now as the same equation (the container's constraints, or placed before `entry`), with
  /// each member's position in the documented order (the container's −2 and −1). A set the
  /// solver did not list is only taken while the solver holds more than
  /// ``ConflictMemo/searchLimit`` required constraints.
  static func knownConflict(
    _ entry: Compiled, _ memo: ConflictMemo, _ container: LayoutEngine.ContainerConstraints?,
    _ placed: [LayoutEngine.Installed?], _ placedByID: [String: [Int]], requiredInSolver: Int
  ) -> (members: [LayoutEngine.Installed], position: [Int])? {
    let candidates = memo.explanations(for: entry.layout.id)
    guard !candidates.isEmpty else { return nil }
    let broken = ConflictMemo.Equation(entry.layout, entry.expression, constant: entry.expression.constant)
    search: for explanation in candidates where explanation.broken == broken {
      if explanation.members.isEmpty {
        if requiredInSolver > ConflictMemo.searchLimit { return ([], []) }
        continue
      }
      var members: [LayoutEngine.Installed] = []
      var positions: [Int] = []
      for wanted in explanation.members {
        var found: (LayoutEngine.Installed, Int)?
        for (offset, entry) in (container?.both ?? []).enumerated() where ConflictMemo.Equation(entry) == wanted {
          found = (entry, offset - 2)
        }
        if found == nil {
          for position in placedByID[wanted.id] ?? [] {
            if let entry = placed[position], ConflictMemo.Equation(entry) == wanted {
              found = (entry, position)
              break
            }
          }
        }
        guard let found else { continue search }
        members.append(found.0)
        positions.append(found.1)
      }
      return (members, positions)
    }
    return nil
  }

  /// Keeps the solver's explanation of `entry`'s conflict for later layouts (``ConflictMemo``),
  /// when every member is one of the constraints in the solver; a conflict without its set
  /// only when the solver held more than ``ConflictMemo/searchLimit`` required constraints
  /// (otherwise it found none for another reason, and a later layout asks again).
  static func remember(
    _ entry: Compiled, _ conflicts: [Constraint], _ layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)],
    _ container: LayoutEngine.ContainerConstraints?, _ placed: [LayoutEngine.Installed?], requiredInSolver: Int,
    in memo: ConflictMemo
  ) {
    if conflicts.isEmpty && requiredInSolver <= ConflictMemo.searchLimit { return }
    var members: [ConflictMemo.Equation] = []
    for conflict in conflicts {
      guard let position = layoutOf[conflict]?.position else { return }
      let installed: LayoutEngine.Installed?
      if position < 0 {
        installed = container.flatMap { $0.both.indices.contains(position + 2) ? $0.both[position + 2] : nil }
      } else {
        installed = placed.indices.contains(position) ? placed[position] : nil
      }
      guard let installed, installed.constraint == conflict else { return }
      members.append(ConflictMemo.Equation(installed))
    }
    memo.record(
      ConflictMemo.Explanation(
        broken: ConflictMemo.Equation(entry.layout, entry.expression, constant: entry.expression.constant),
        members: members))
  }
}
