/// The solver's cancellation tolerances, relative: a sum `a + b` smaller than a tolerance
/// times the larger of |a| and |b| is rounding left over from a cancellation, and is 0.
///
/// Relative, not absolute, so that coefficients from 1e-3 to 1e4 and values up to 1e6
/// (and beyond) keep their small but real terms while cancellation noise still vanishes.
/// Every sum the tableau and the objectives form goes through ``cancellingSum(_:_:tolerance:)``,
/// so later tests can compare with exact zero.
///
/// The tableau's rows (basic variables' forms and the rows being built) cancel only the noise
/// of some roundings, 1e-12 of the operands (about 4,500 ulps): their coefficients
/// are the solution, and a real difference eleven digits below its operands occurs there.
/// Two fuzzer cases showed it (issue 17): `v1 = −8000 + 7999.9999999` is a real −1e-7 (1.25e-11
/// of 8000), and two coefficients 2272727.27275 and 2272727.272727 differ by a real 2.3e-5
/// (1e-11 of them; a 0.001 coefficient divided by 44); cancelled at 1e-10, each made a required
/// constraint miss. Tighter is not better: at 1e-13 rounding noise survives as cells that fill
/// the rows and slow every later pivot (docs/benchmarks.md, "Figures behind the code").
package let tableauTolerance = 1e-12

/// The tableau rows' constants (the basic symbols' values) cancel below 1e-14 of the operands
/// (about 45 ulps): the rounding of a few operations. A value may pass through far larger ones:
/// the fuzzer (issue 17) met a basic variable at 299999.99999999994 whose next row, for the
/// required `10000·v0 + 0.001 == 0`, held 300000.00000009994; their real difference, v0's −1e-7,
/// is 3.3e-13 of them, and at `tableauTolerance` it became 0 (a required miss of 0.001). A
/// constant left a few ulps from 0 only moves a value by that much, and adds no cell to fill the
/// rows, so nothing here needs the coefficients' coarser tolerance.
let constantTolerance = 1e-14

/// The objective rows (one per priority level, and phase one's) only decide: a reduced cost's
/// sign picks pivots and tells which symbols are free along the optimal face. There a
/// leftover of 1e-12 is noise that would stop optimization or hide an ambiguity, so they
/// cancel below 1e-10 of the operands, and it is also the relative size below which the
/// ambiguity test calls a move rounding.
package let epsilon = 1e-10

/// Phase one's value (the artificial variable's, at its optimum) counts as 0 within this of the
/// largest term it was summed from (`Engine.artificialScale`). The rounding of a few operations
/// is near 1e-15 of that term, and the coefficients the terms were made with may each be off by
/// `tableauTolerance`; the fuzzer met a real infeasibility of 5.7e-11 of it (1.1e-9 of 20).
let phaseOneTolerance = 1e-11

/// The smallest element the simplex pivots on. Rows start at unit scale (each equation
/// is divided by its largest coefficient), so real coefficients for multipliers in
/// 1e-3 … 1e4 stay far above this; smaller ones are rounding left by cancellations,
/// and dividing by them would spread errors the size of real values.
let pivotTolerance = 1e-9

/// The smallest element the simplex pivots on, relative to its row's `Row.magnitude`: a
/// hundred times the rounding a tableau row may carry (`tableauTolerance`), so that a pivot
/// element is known to about 1 % at worst. (Issue 17: pivoting on 8.3e-9 of rounding left
/// in a row that had held 1e3 multiplied it by 1e8.)
let relativePivotTolerance = 1e-10

/// How far a row's `Row.magnitude` may stay above its largest coefficient: the digits of
/// that coefficient which cancellations are assumed to have cost at most (see
/// `Row.capMagnitude()`).
package let magnitudeSpan = 1e3

/// A pivot element this many times smaller than its row's `Row.magnitude` is known to only
/// about five digits fewer than the row's values (rounding of a few ulps of the magnitude, over
/// the element), and dividing by it carries that into every row it is substituted into: the
/// operation then ends by refactorizing (`Engine.refactorizationDue`). The fuzzer's required miss
/// (issue 17) followed a pivot on 0.00079 in a row whose magnitude was 1e3 (1.3e6 times the
/// element); kiwi's adddel workload pivots on elements up to 3e4 times below their rows'
/// magnitudes, where nothing is lost, and refactorizing there would cost far more than the
/// removes themselves.
let riskyPivotAmplification = 1e5

/// Below this times its `Row.magnitude`, an objective row's coefficient is rounding
/// (`Row.isObjectiveNoise`): `tableauTolerance` applied to what the row was made from rather
/// than to the two operands of the last sum.
package let objectiveNoiseFloor = 1e-12

/// `a + b`, or exactly 0 when the two cancel to within `tolerance` (relative).
@inline(__always)
package func cancellingSum(_ a: Double, _ b: Double, tolerance: Double = tableauTolerance) -> Double {
  let sum = a + b
  let scale = max(abs(a), abs(b))
  return abs(sum) <= tolerance * scale ? 0 : sum
}

/// What the cancelling sums of a row operation lost: `lost`, a sum that survives
/// `riskyPivotAmplification` times below its operands (it then holds their rounding, a few ulps
/// of them, magnified as much); `dropped`, the largest sum taken for 0 that was more than the
/// rounding of a few operations (above `constantTolerance` of its operands). Either makes the
/// operation refactorize, `dropped` when it is not negligible beside what is left in its row
/// (`Engine.substitute`).
///
/// (Issue 17: a substitution left 0.0008000135 of −1.25e8 + 1.25e8·1.0000000064 where 0.0008 is
/// exact, and a required equality that multiplied it by 10,000 missed by 0.012 once its variable
/// reached −88. And a real 2e-8 between two coefficients of 44,000, 4.5e-13 of them, was taken
/// for 0 in a row whose other coefficients were 1 and 1e-4: the row's value was 4e-8 off, and a
/// required equality with a coefficient of 10,000 missed by 0.0004.)
package struct DigitLoss {
  package var lost = false
  package var dropped = 0.0

  package init() {}
}

/// `cancellingSum`, also noting in `digits` what the sum lost (see ``DigitLoss``).
@inline(__always)
package func cancellingSum(
  _ a: Double, _ b: Double, tolerance: Double = tableauTolerance, lostDigits digits: inout DigitLoss
)
  -> Double
{
  let sum = a + b
  // Most cancellations are exact (layouts' coefficients are simple): nothing is lost.
  if sum == 0 { return 0 }
  let scale = max(abs(a), abs(b))
  if abs(sum) <= tolerance * scale {
    if abs(sum) > constantTolerance * scale && abs(sum) > digits.dropped { digits.dropped = abs(sum) }
    return 0
  }
  if abs(sum) * riskyPivotAmplification < scale { digits.lost = true }
  return sum
}

/// An internal unknown of the tableau. Symbols are numbered densely in creation
/// order; the number is the only thing pivot choices ever compare, which keeps every
/// decision independent of hashing.
package typealias SymbolID = Int32

/// What a symbol stands for, which decides how the simplex may move it.
package enum SymbolKind: UInt8 {
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

/// What a certificate allows a constraint to miss by, relative to its largest term (its
/// constant, or a coefficient times its variable's value), computed exactly (see
/// `Engine.exactFinding(of:)`): ten times `epsilon`, the relative size below which the solver
/// takes a required equality's conflict with the others for rounding, so that what the solver
/// accepts by that rule a certificate accepts too.
let certifiedAccuracy = 1e-9

/// A `.whenRisky` certificate's budget of exact work per cell of the tableau, and its least
/// (see `Engine.certificationBudget()`).
let certificationWorkPerCell = 64
let certificationMinimumWork = 20_000
