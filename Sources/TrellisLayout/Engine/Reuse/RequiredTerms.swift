import TrellisModel
import TrellisSolver

/// A slot's required constraints with their terms in flat arrays: the accuracy check after every
/// layout evaluates them all, and reading each through its `LinearExpression` copied the terms'
/// variables (with their names). A reference, so that a slot copied out of the cache shares it.
final class RequiredTerms {
  /// The slot's installation (``SlotMemos/generation``) these were made at.
  private(set) var generation = -1
  private(set) var entries: [LayoutEngine.Installed] = []
  private(set) var relations: [LayoutRelation] = []
  /// Per entry, where its terms end in ``slots`` and ``coefficients``.
  private(set) var ends: [Int] = []
  private(set) var slots: [VariableSlot] = []
  private(set) var coefficients: [Double] = []
  /// The last check's constants, sums and their sums' largest terms, kept to be written again
  /// in place.
  var constants: [Double] = []
  var values: [Double] = []
  var largestTerms: [Double] = []

  /// Makes them again from `installed` unless they were made at `generation`.
  func update(_ installed: [LayoutEngine.Installed], generation: Int) {
    guard generation != self.generation else { return }
    self.generation = generation
    // Built in locals and stored once: every access to a class's stored array is checked for
    // exclusivity at run time, which cost more than the appends.
    var entries: [LayoutEngine.Installed] = []
    var relations: [LayoutRelation] = []
    var ends: [Int] = []
    var slots: [VariableSlot] = []
    var coefficients: [Double] = []
    for entry in installed where entry.isRequired {
      entries.append(entry)
      relations.append(entry.relation)
      let terms = entry.expression.terms
      for index in terms.indices {
        slots.append(terms[index].variable.slot)
        coefficients.append(terms[index].coefficient)
      }
      ends.append(slots.count)
    }
    (self.entries, self.relations, self.ends, self.slots, self.coefficients) = (
      entries, relations, ends, slots, coefficients
    )
  }
}
