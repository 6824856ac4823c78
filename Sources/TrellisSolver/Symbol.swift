/// The one tolerance of the solver, relative: a sum `a + b` smaller than `epsilon`
/// times the larger of |a| and |b| is rounding left over from a cancellation, and is 0.
///
/// Relative, not absolute, so that coefficients from 1e-3 to 1e4 and values up to 1e6
/// (and beyond) keep their small but real terms while cancellation noise still vanishes.
/// Every sum the tableau forms goes through ``cancellingSum(_:_:)``, so later tests
/// can compare with exact zero.
let epsilon = 1e-10

/// The smallest element the simplex pivots on. Rows start at unit scale (each equation
/// is divided by its largest coefficient), so real coefficients for multipliers in
/// 1e-3 … 1e4 stay far above this; smaller ones are rounding left by cancellations,
/// and dividing by them would spread errors the size of real values.
let pivotTolerance = 1e-9

/// `a + b`, or exactly 0 when the two cancel to within rounding.
@inline(__always)
func cancellingSum(_ a: Double, _ b: Double) -> Double {
  let sum = a + b
  let scale = max(abs(a), abs(b))
  return abs(sum) <= epsilon * scale ? 0 : sum
}

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
