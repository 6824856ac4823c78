import TrellisModel
import TrellisSolver

/// Whether the required constraints a build broke could hold after a move: a move within one
/// environment key changes only the container's size and the constants that read the safe area
/// (``ConstraintInstaller/move(_:to:route:)``), so a slot that broke constraints may move, and
/// report the same conflicts, when none of those constants can reach them.
///
/// Why that is enough. A linear system splits into blocks that share no variable, and it can
/// hold exactly when each block can. A build in the documented order broke `r` because `r` and
/// the required constraints kept before it cannot hold together; those kept constraints can
/// (they are in the solver), so the block holding `r` cannot. If no constant the move changes
/// is in a constraint of that block, the block is the same system after the move and still
/// cannot hold, so the documented order breaks `r` again. Every kept constraint holds with those
/// kept before it, as long as the moved solver accepts the new constants (a refusal rebuilds).
/// By induction over the documented order, a fresh build would keep and break exactly what the
/// moved slot keeps and breaks. The blocks here are taken over every required constraint kept
/// or broken, a superset of each `r`'s own (more is joined, never less), so the answer errs
/// only towards rebuilding.
struct RejectionDependence {
  /// A broken constraint's block holds the root's width or height.
  var onContainerSize: Bool
  /// A broken constraint's block holds a constraint whose constant reads the safe area.
  var onSafeArea: Bool
  /// The broken constraints (by layout id: their expressions, relations and priorities, which
  /// share storage with the build's own) and every variable of their blocks: a diff that
  /// changes no required constraint naming one of these breaks the same ones again.
  var broken: [String: [(expression: LinearExpression, relation: LayoutRelation, priority: Double)]]
  var brokenVariables: Set<Variable.ID>

  /// Whether `entry` is one of the broken constraints: same id, relation, priority, terms and
  /// constant (the same solver's variables).
  func wasBroken(_ entry: ConstraintInstaller.Compiled) -> Bool {
    guard let candidates = broken[entry.layout.id] else { return false }
    return candidates.contains { candidate in
      candidate.relation == entry.layout.relation && candidate.priority == entry.layout.priority
        && candidate.expression.constant == entry.expression.constant
        && ConstraintInstaller.sameTerms(candidate.expression.terms, entry.expression.terms)
    }
  }

  /// Whether a move from `size`, `insets` and `keyboard` to `environment` leaves every broken
  /// constraint's block as it was (the keyboard guide reads the insets' constants too).
  func allowsMove(from size: Size, _ insets: EdgeInsets, keyboard: Double?, to environment: Environment) -> Bool {
    (!onContainerSize || size == environment.containerSize)
      && (!onSafeArea || (insets == environment.safeAreaInsets && keyboard == environment.keyboardHeight))
  }

  /// The blocks of the required constraints in the solver (`placed`, the container's) and of
  /// the broken ones.
  init(
    broken: [ConstraintInstaller.Compiled], placed: [LayoutEngine.Installed?],
    container: LayoutEngine.ContainerConstraints?
  ) {
    var blocks = Blocks()
    for entry in placed {
      guard let entry, entry.isRequired else { continue }
      blocks.join(entry.expression.terms)
    }
    for entry in broken { blocks.join(entry.expression.terms) }
    var brokenBlocks = Set<Int>()
    var readsSafeArea = false
    for entry in broken {
      if entry.readsSafeArea { readsSafeArea = true }
      if let first = entry.expression.terms.first, let block = blocks.block(of: first.variable) {
        brokenBlocks.insert(block)
      }
    }
    func touches(_ terms: [Term]) -> Bool {
      terms.contains { term in blocks.block(of: term.variable).map(brokenBlocks.contains) ?? false }
    }
    onContainerSize = container?.both.contains { touches($0.expression.terms) } ?? false
    for entry in placed where !readsSafeArea {
      guard let entry, entry.isRequired, entry.readsSafeArea else { continue }
      if touches(entry.expression.terms) { readsSafeArea = true }
    }
    onSafeArea = readsSafeArea
    var byID: [String: [(expression: LinearExpression, relation: LayoutRelation, priority: Double)]] = [:]
    for entry in broken {
      byID[entry.layout.id, default: []].append((entry.expression, entry.layout.relation, entry.layout.priority))
    }
    self.broken = byID
    var variables = Set<Variable.ID>()
    let named = blocks.index
    for (variable, node) in named where brokenBlocks.contains(blocks.root(node)) { variables.insert(variable) }
    brokenVariables = variables
  }

  /// Whether a required constraint with these terms names a variable of a broken block.
  func reaches(_ terms: [Term]) -> Bool {
    terms.contains { brokenVariables.contains($0.variable.id) }
  }

  /// Union–find over variables: the blocks of variables joined by a constraint.
  private struct Blocks {
    var index: [Variable.ID: Int] = [:]
    var parent: [Int] = []

    mutating func node(_ variable: Variable.ID) -> Int {
      if let found = index[variable] { return found }
      let made = parent.count
      parent.append(made)
      index[variable] = made
      return made
    }

    mutating func root(_ node: Int) -> Int {
      var node = node
      while parent[node] != node {
        parent[node] = parent[parent[node]]
        node = parent[node]
      }
      return node
    }

    mutating func join(_ terms: [Term]) {
      guard let first = terms.first else { return }
      let a = root(node(first.variable.id))
      for index in terms.indices.dropFirst() {
        let b = root(node(terms[index].variable.id))
        if a != b { parent[b] = a }
      }
    }

    /// The block of a variable some constraint named, else nil.
    mutating func block(of variable: Variable) -> Int? {
      guard let found = index[variable.id] else { return nil }
      return root(found)
    }
  }
}
