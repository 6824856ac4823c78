import TrellisModel
import TrellisSolver

/// A resize within a key that pivots nothing, computed without touching the solver (issue 15).
///
/// While the basis stays, every value is affine in the constants of the container's two
/// constraints (``ConstantSensitivity``): a new container size gives each frame value with two
/// multiply-adds. The basis stays while every restricted row the constants move stays ≥ 0; when
/// one would not, the dual simplex has work to do and the engine moves the solver instead.
///
/// The solver keeps the constants it had (`size`); every later use of it starts by giving the
/// container its size (``ConstraintInstaller/move(_:to:route:)`` and ``ConstraintInstaller/apply``
/// resize from what the solver holds), and ``LayoutEngine/brokenOptionalConstraints`` brings it
/// to the size last shown first.
///
/// The check after every layout holds too: each required constraint's residual is affine in the
/// same constants. Equalities, and inequalities whose slack the move does not change, are
/// bounded together (their largest residual and rates); an inequality whose value moves is
/// checked like a restricted row.
final class ParametricMove {
  let sensitivity: ConstantSensitivity
  /// The container size the solver holds.
  let size: Size
  /// The slot's installation (``SlotMemos/generation``) it was made at.
  let generation: Int
  /// Bounds on the required constraints that are affine residuals near 0: the largest miss at
  /// `size`, and the largest rates per unit of each container constant.
  private let residualMiss: Double
  private let residualRates: (Double, Double)
  /// Required inequalities whose value moves, as `value + rates·δ ≥ −tolerance` (sign folded in).
  private let inequalityValues: [Double]
  private let inequalityRates: ([Double], [Double])
  /// Per view of the plan, its frame's x, y, width and height, each as value and two rates
  /// (twelve numbers; alignment insets folded in, zeros for a view without variables), and
  /// the root's width and height as the last six.
  private let frameTerms: [Double]
  /// The views as a result lists them, at zero frames (ids, kinds, hidden states, texts), and
  /// each one's parent's index (−1 for none): a move copies them and writes the frames.
  private let template: [LayoutResult.ViewFrame]
  private let parents: [Int]
  /// Per wrapping view (``ResolvedLayout/wrappingViews``): its position and its width's value
  /// and rates, to tell whether its text would be measured again (``LayoutEngine/wrapText``).
  let wrapping: [(position: Int, width: (Double, Double, Double))]
  /// Per shown text view: its position and the sizes below which ``TextChecks/truncation(_:_:)``
  /// reports it (−∞ where it cannot; +∞ for truncated text, reported whatever the frame).
  private let textLimits: [(position: Int, width: Double, height: Double)]
  /// Whether a check that does not depend on the frames reports (a missing or approximated font).
  private let reportsAnyway: Bool
  /// Unsnapped frames as ``mayReport(_:)`` sees them, as conditions on the changes: each size
  /// ≥ −``EngineTolerance/negativeSize``, each value within
  /// ``LayoutEngine/largestAccurateFrameValue``, each text view at least its limits (and one
  /// that never holds when a check reports whatever the frames).
  private let quiet: AffineBounds

  /// The most a parametric move lets a required constraint miss by: the accuracy check's
  /// tolerance for its smallest terms (``LayoutChecks/accuracy(_:_:paths:)``).
  static let tolerance = EngineTolerance.requiredMiss

  private init(
    sensitivity: ConstantSensitivity, size: Size, generation: Int, residualMiss: Double,
    residualRates: (Double, Double), inequalityValues: [Double], inequalityRates: ([Double], [Double]),
    frameTerms: [Double], template: [LayoutResult.ViewFrame], parents: [Int],
    wrapping: [(position: Int, width: (Double, Double, Double))],
    textLimits: [(position: Int, width: Double, height: Double)],
    reportsAnyway: Bool
  ) {
    self.wrapping = wrapping
    self.textLimits = textLimits
    self.reportsAnyway = reportsAnyway
    var conditions: [(value: Double, rate0: Double, rate1: Double)] = []
    if reportsAnyway { conditions.append((-1, 0, 0)) }
    let limit = LayoutEngine.largestAccurateFrameValue, tolerance = EngineTolerance.negativeSize
    for view in 0..<(frameTerms.count / 12) {
      for value in 0..<4 {
        let at = 12 * view + 3 * value
        let (v, r0, r1) = (frameTerms[at], frameTerms[at + 1], frameTerms[at + 2])
        conditions.append((limit - v, -r0, -r1))
        conditions.append((limit + v, r0, r1))
        if value >= 2 { conditions.append((v + tolerance, r0, r1)) }
      }
    }
    for (position, width, height) in textLimits {
      for (value, needed) in [(2, width), (3, height)] where needed != -.infinity {
        let at = 12 * position + 3 * value
        guard needed.isFinite else {
          conditions.append((-1, 0, 0))
          continue
        }
        // The check reports a size below `needed`: quiet while it is at least that.
        conditions.append((frameTerms[at] - needed, frameTerms[at + 1], frameTerms[at + 2]))
      }
    }
    self.quiet = AffineBounds(conditions)
    self.sensitivity = sensitivity
    self.size = size
    self.generation = generation
    self.residualMiss = residualMiss
    self.residualRates = residualRates
    self.inequalityValues = inequalityValues
    self.inequalityRates = inequalityRates
    self.frameTerms = frameTerms
    self.template = template
    self.parents = parents
  }

  /// The description of a slot's solver now (its container, installed constraints at
  /// `generation`, and the plan of `resolved`'s views), or `nil` when a container constant
  /// cannot move by substitution alone (``Solver/constantSensitivity(of:)``).
  static func make(
    solver: Solver, container: LayoutEngine.ContainerConstraints, installed: [LayoutEngine.Installed],
    generation: Int, plan: [LayoutEngine.ViewPlan], resolved: ResolvedLayout, typesetter: Typesetter
  ) -> ParametricMove? {
    guard plan.count == resolved.views.count, let root = plan.first?.variables else { return nil }
    guard let sensitivity = solver.constantSensitivity(of: [container.width.constraint, container.height.constraint])
    else { return nil }
    var residualMiss = 0.0
    var residualRates = (0.0, 0.0)
    var inequalityValues: [Double] = []
    var inequalityRates: ([Double], [Double]) = ([], [])
    for entry in installed where entry.isRequired {
      var value = entry.constant
      var rates = (0.0, 0.0)
      for term in entry.expression.terms {
        let affine = sensitivity.affine(at: term.variable.slot)
        value += term.coefficient * affine.value
        rates.0 += term.coefficient * affine.rates.0
        rates.1 += term.coefficient * affine.rates.1
      }
      // Moves well below rounding: the residual's own rounding (a term's last digits).
      let moves = max(abs(rates.0), abs(rates.1)) > EngineTolerance.unmovingRate
      switch entry.relation {
      case .equal:
        residualMiss = max(residualMiss, abs(value))
        residualRates = (max(residualRates.0, abs(rates.0)), max(residualRates.1, abs(rates.1)))
      case .lessThanOrEqual, .greaterThanOrEqual:
        let sign = entry.relation == .lessThanOrEqual ? -1.0 : 1
        if moves {
          inequalityValues.append(sign * value)
          inequalityRates.0.append(sign * rates.0)
          inequalityRates.1.append(sign * rates.1)
        } else {
          residualMiss = max(residualMiss, max(0, -sign * value))
          residualRates = (max(residualRates.0, abs(rates.0)), max(residualRates.1, abs(rates.1)))
        }
      }
    }
    var frameTerms: [Double] = []
    frameTerms.reserveCapacity(12 * plan.count + 6)
    func append(_ slot: VariableSlot?, offset: Double = 0) {
      let affine: (value: Double, rates: (Double, Double)) = slot.map { sensitivity.affine(at: $0) } ?? (0, (0, 0))
      frameTerms += [affine.value + offset, affine.rates.0, affine.rates.1]
    }
    for entry in plan {
      // As `SolutionReader.assemble`: a view without variables is at zero, insets and all.
      let insets = entry.variables == nil ? .zero : entry.alignmentInsets ?? .zero
      append(entry.variables?.x, offset: -insets.left)
      append(entry.variables?.y, offset: -insets.top)
      append(entry.variables?.width, offset: insets.left + insets.right)
      append(entry.variables?.height, offset: insets.top + insets.bottom)
    }
    append(root.width)
    append(root.height)
    let template = SolutionReader.assemble(resolved, plan, rootSize: Size(width: 0, height: 0), snapToPixels: false) {
      _ in 0
    }.views
    var wrapping: [(position: Int, width: (Double, Double, Double))] = []
    for position in resolved.wrappingViews {
      guard let width = plan[position].variables?.width else { continue }
      let affine = sensitivity.affine(at: width)
      wrapping.append((position, (affine.value, affine.rates.0, affine.rates.1)))
    }
    // `TextChecks.truncation`: a text view not effectively hidden reports when it is narrower
    // than its intrinsic width (unless it wraps), lower than its intrinsic height, or truncated.
    var textLimits: [(position: Int, width: Double, height: Double)] = []
    for position in resolved.textViews where !template[position].isEffectivelyHidden {
      guard let content = resolved.views[position].textLayout else { continue }
      if content.isTruncated {
        textLimits.append((position, .infinity, .infinity))
        continue
      }
      func limit(_ needed: Double?) -> Double {
        guard let needed, needed.isFinite else { return -.infinity }
        return needed - EngineTolerance.textShortfall * max(1, abs(needed))
      }
      textLimits.append(
        (
          position, content.wraps ? -.infinity : limit(resolved.views[position].intrinsicWidth),
          limit(resolved.views[position].intrinsicHeight)
        ))
    }
    return ParametricMove(
      sensitivity: sensitivity, size: container.size, generation: generation, residualMiss: residualMiss,
      residualRates: residualRates, inequalityValues: inequalityValues, inequalityRates: inequalityRates,
      frameTerms: frameTerms, template: template, parents: plan.map { $0.parent ?? -1 }, wrapping: wrapping,
      textLimits: textLimits, reportsAnyway: !TextChecks.fonts(resolved, typesetter).isEmpty)
  }

  /// The width of `wrapping[i]`'s view after the move by `deltas`.
  func wrappedWidth(_ i: Int, deltas: (Double, Double)) -> Double {
    let terms = wrapping[i].width
    return terms.0 + terms.1 * deltas.0 + terms.2 * deltas.1
  }

  /// Whether a check of `frames` could report anything (``LayoutEngine/solutionChecks``): a value
  /// beyond ``LayoutEngine/largestAccurateFrameValue``, a negative size, a text view smaller than
  /// its text or truncated, a missing or approximated font. When not, the checks are known to say nothing.
  func mayReport(_ frames: [Rect]) -> Bool {
    var outOfRange = false
    for frame in frames where !Self.inRange(frame) { outOfRange = true }
    return mayReport(frames, outOfRange: outOfRange)
  }

  /// ``mayReport(_:)`` given whether some frame is not ``inRange(_:)``.
  private func mayReport(_ frames: [Rect], outOfRange: Bool) -> Bool {
    if reportsAnyway || outOfRange { return true }
    for (position, width, height) in textLimits where frames[position].width < width || frames[position].height < height
    {
      return true
    }
    return false
  }

  /// Whether neither ``LayoutChecks/magnitude(_:_:)`` nor ``LayoutChecks/negativeFrames(_:_:)``
  /// can report `frame` (false for a NaN).
  @inline(__always)
  private static func inRange(_ frame: Rect) -> Bool {
    let limit = LayoutEngine.largestAccurateFrameValue, negative = -EngineTolerance.negativeSize
    return abs(frame.x) <= limit && abs(frame.y) <= limit && abs(frame.width) <= limit && abs(frame.height) <= limit
      && frame.width >= negative && frame.height >= negative
  }

  /// ``mayReport(_:)`` of the frames of the move by `deltas`: from the conditions on the changes
  /// when they are not snapped (a few read), from the frames themselves when they are.
  func mayReport(_ frames: [Rect], deltas: (Double, Double), snapped: Bool) -> Bool {
    snapped ? mayReport(frames) : !quiet.hold(at: deltas)
  }

  /// Writes the frames of the move by `deltas` into `frames` (resized to the views' count), as
  /// ``solution(_:deltas:snapToPixels:)`` gives them; returns ``mayReport(_:)`` of them.
  func writeFrames(deltas: (Double, Double), scale: Double, snapToPixels: Bool, into frames: inout [Rect]) -> Bool {
    if frames.count != template.count {
      frames = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: template.count)
    }
    var outOfRange = false
    frameTerms.withUnsafeBufferPointer { terms in
      frames.withUnsafeMutableBufferPointer { frames in
        for index in 0..<frames.count {
          let at = 12 * index
          let x = terms[at] + terms[at + 1] * deltas.0 + terms[at + 2] * deltas.1
          let y = terms[at + 3] + terms[at + 4] * deltas.0 + terms[at + 5] * deltas.1
          let width = terms[at + 6] + terms[at + 7] * deltas.0 + terms[at + 8] * deltas.1
          let height = terms[at + 9] + terms[at + 10] * deltas.0 + terms[at + 11] * deltas.1
          let rect = Rect(x: x, y: y, width: width, height: height)
          guard snapToPixels else {
            frames[index] = rect
            continue
          }
          let snapped = PixelSnapping.snap(rect, scale: scale)
          frames[index] = snapped
          if !Self.inRange(snapped) { outOfRange = true }
        }
      }
    }
    return snapToPixels ? mayReport(frames, outOfRange: outOfRange) : !quiet.hold(at: deltas)
  }

  /// The solution for a container whose constants moved by `deltas` (``deltas(to:)``), for
  /// `resolved` (the slot's resolution in the new environment): what
  /// ``SolutionReader/read(_:_:rootVars:snapToPixels:)`` would read from the moved solver.
  func solution(_ resolved: ResolvedLayout, deltas: (Double, Double), snapToPixels: Bool) -> SolutionReader.Solution {
    let scale = resolved.environment.scale
    var frames = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: template.count)
    var views = template
    frameTerms.withUnsafeBufferPointer { terms in
      @inline(__always) func value(_ at: Int) -> Double {
        terms[at] + terms[at + 1] * deltas.0 + terms[at + 2] * deltas.1
      }
      frames.withUnsafeMutableBufferPointer { frames in
        views.withUnsafeMutableBufferPointer { views in
          for index in 0..<frames.count {
            let at = 12 * index
            var rect = Rect(x: value(at), y: value(at + 3), width: value(at + 6), height: value(at + 9))
            if snapToPixels { rect = PixelSnapping.snap(rect, scale: scale) }
            frames[index] = rect
            let parent = parents[index]
            let origin = parent >= 0 ? frames[parent] : Rect(x: 0, y: 0, width: 0, height: 0)
            views[index].frame = rect
            views[index].frameInParent = Rect(
              x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height)
          }
        }
      }
    }
    let last = frameTerms.count - 6
    let rootSize = Size(
      width: frameTerms[last] + frameTerms[last + 1] * deltas.0 + frameTerms[last + 2] * deltas.1,
      height: frameTerms[last + 3] + frameTerms[last + 4] * deltas.0 + frameTerms[last + 5] * deltas.1)
    let (safeArea, margins) = SolutionReader.guides(resolved, rootSize: rootSize, snapToPixels: snapToPixels)
    return SolutionReader.Solution(
      views: views, frames: frames, rootSize: rootSize, safeArea: safeArea, margins: margins)
  }

  /// Whether it still describes `solver` with these constraints installed.
  func isCurrent(_ solver: Solver, generation: Int) -> Bool {
    generation == self.generation && solver.isCurrent(sensitivity)
  }

  /// The changes of the container constants for a container of `size`: they are `−width` and
  /// `−height` (``ConstraintInstaller/resize(_:to:)``). `nil` when the solver would pivot (a
  /// restricted row would turn negative) or a required constraint could miss by more than
  /// ``tolerance``.
  func deltas(to size: Size) -> (Double, Double)? {
    let deltas = (-(size.width - self.size.width), -(size.height - self.size.height))
    guard sensitivity.staysFeasible(deltas: deltas) else { return nil }
    let reach = residualMiss + residualRates.0 * abs(deltas.0) + residualRates.1 * abs(deltas.1)
    guard reach <= Self.tolerance else { return nil }
    for index in inequalityValues.indices
    where inequalityValues[index] + inequalityRates.0[index] * deltas.0 + inequalityRates.1[index] * deltas.1
      < -Self.tolerance
    {
      return nil
    }
    return deltas
  }
}
