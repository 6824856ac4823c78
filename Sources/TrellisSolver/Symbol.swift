/// The one tolerance of the solver: coefficients and values closer to zero than this
/// are zero. Kept in one place so every comparison agrees.
let epsilon = 1e-8

@inline(__always)
func nearZero(_ value: Double) -> Bool { value < epsilon && value > -epsilon }

/// An internal unknown of the tableau. Symbols are numbered densely in creation
/// order; the number is the only thing pivot choices ever compare, which keeps every
/// decision independent of hashing.
typealias SymbolID = Int32

/// What a symbol stands for, which decides how the simplex may move it.
enum SymbolKind: UInt8 {
  /// A user variable: unrestricted in sign.
  case external
  /// The slack of an inequality (≥ 0); the marker of an inequality constraint.
  case slack
  /// The violation of an optional constraint (≥ 0), weighted in the objective.
  case error
  /// The marker of a required equality: always 0, never enters the basis.
  case dummy

  /// Restricted symbols must stay ≥ 0 when basic.
  var isRestricted: Bool { self != .external }
}
