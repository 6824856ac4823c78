/// Why one frame value of a view is what it is in one environment (`trellis why`): the
/// constraints the solver's optimum rests on, each with its share, so that
/// `value = Σ weight × (guideOffset + constant) + adjustment`.
///
/// The engine reads it from the solver's optimal basis (the value's row in the tableau, in terms
/// of the slacks, errors and markers of the constraints that are tight), not from a second
/// layout: docs/semantics.md, "Why a value is what it is".
public struct FrameExplanation: Sendable, Hashable {
  /// Which value of the view: its frame's x, y, width or height (x and y in the root's
  /// coordinates), or an anchor (`centerY`, `leading`, …) of its alignment rectangle.
  public enum Quantity: Sendable, Hashable, CustomStringConvertible {
    case x, y, width, height
    case anchor(LayoutAttribute)

    /// `x`, `y`, `width`, `height`, or the anchor's name.
    public var description: String {
      switch self {
      case .x: return "x"
      case .y: return "y"
      case .width: return "width"
      case .height: return "height"
      case .anchor(let attribute): return attribute.rawValue
      }
    }

    /// Which way it measures.
    public var axis: LayoutAttribute.Axis {
      switch self {
      case .x, .width: return .horizontal
      case .y, .height: return .vertical
      case .anchor(let attribute): return attribute.axis
      }
    }

    /// The quantity a name stands for: `x`, `y`, `width`, `height` or an anchor's name
    /// (`left`, `centerY`, `firstBaseline`, …); `nil` for anything else.
    public init?(name: String) {
      switch name {
      case "x": self = .x
      case "y": self = .y
      case "width": self = .width
      case "height": self = .height
      default:
        guard let attribute = LayoutAttribute(rawValue: name) else { return nil }
        self = .anchor(attribute)
      }
    }

    /// Every name ``init(name:)`` accepts.
    public static var names: [String] {
      ["x", "y", "width", "height"]
        + LayoutAttribute.allCases.map(\.rawValue).filter { $0 != "width" && $0 != "height" }
    }
  }

  /// One constraint the value rests on (tight at the optimum).
  public struct Step: Sendable, Hashable {
    public var constraint: LayoutConstraint
    /// How much the value gains per point added to the constraint's right-hand side, the rest
    /// held: 1/4 for the container's width under a quarter of it.
    public var weight: Double
    /// What the guides the constraint reads add to its right-hand side (safe-area insets,
    /// margins, baseline offsets; minus those on its left-hand side), 0 when none.
    public var guideOffset: Double
    /// The constraint's own constant (`8` in `a.leading == b.trailing + 8`); for the container's
    /// constraints, the container's size.
    public var constant: Double

    public init(constraint: LayoutConstraint, weight: Double, guideOffset: Double, constant: Double) {
      self.constraint = constraint
      self.weight = weight
      self.guideOffset = guideOffset
      self.constant = constant
    }
  }

  /// An optional constraint that lost (the solution misses it) and bears on the value.
  public struct Lost: Sendable, Hashable {
    public var constraint: LayoutConstraint
    /// By how much it misses: `|lhs − rhs|` for `==`, the shortfall for `<=` and `>=`.
    public var violation: Double

    public init(constraint: LayoutConstraint, violation: Double) {
      self.constraint = constraint
      self.violation = violation
    }
  }

  /// The values an ambiguous value can take without making any priority worse.
  public struct Range: Sendable, Hashable {
    /// `-infinity` / `infinity` when nothing bounds it that way.
    public var lower: Double
    public var upper: Double
    /// The constraints that stop it at each end, none for an unbounded end.
    public var lowerLimits: [LayoutConstraint]
    public var upperLimits: [LayoutConstraint]

    public init(
      lower: Double, upper: Double, lowerLimits: [LayoutConstraint] = [], upperLimits: [LayoutConstraint] = []
    ) {
      self.lower = lower
      self.upper = upper
      self.lowerLimits = lowerLimits
      self.upperLimits = upperLimits
    }
  }

  public var view: String
  public var quantity: Quantity
  /// The value in the environment's solution (before any pixel snapping).
  public var value: Double
  /// The constraints it rests on, from the container and the safe area inward (then in the
  /// order they were installed).
  public var steps: [Step]
  /// What the frame adds to the constraints' sum: the alignment-rectangle insets of a view that
  /// has them (its frame is its alignment rectangle grown by them).
  public var adjustment: Double
  /// What required equalities add that the steps do not name: 0, unless the layout has more
  /// equalities than an explanation itemizes (docs/semantics.md, "Why a value is what it is").
  public var unattributed: Double = 0
  /// How far it moves per point of the container's width and height while the same
  /// constraints bind (the steps' weights on the container's size).
  public var perWidth: Double
  public var perHeight: Double
  /// Optional constraints on the views of the steps, in the value's axis, that lost.
  public var lost: [Lost]
  /// `nil` when the value is determined; else the values it can take.
  public var range: Range?
  /// For an ambiguous value: the inequalities and optional constraints that leave it free.
  public var freeConstraints: [LayoutConstraint]
  /// For an ambiguous value: the views' values that no constraint fixes and that move it
  /// (`label.x`).
  public var freeValues: [String]

  public init(
    view: String, quantity: Quantity, value: Double, steps: [Step], adjustment: Double = 0, perWidth: Double,
    perHeight: Double, lost: [Lost] = [], range: Range? = nil, freeConstraints: [LayoutConstraint] = [],
    freeValues: [String] = []
  ) {
    self.view = view
    self.quantity = quantity
    self.value = value
    self.steps = steps
    self.adjustment = adjustment
    self.perWidth = perWidth
    self.perHeight = perHeight
    self.lost = lost
    self.range = range
    self.freeConstraints = freeConstraints
    self.freeValues = freeValues
  }

  /// `card1.width`.
  public var name: String { "\(view).\(quantity)" }
}
