import TrellisModel
import TrellisSolver

// What the installer puts in a slot's solver, as the slot keeps it.

extension LayoutEngine {
  /// A resolved view's variables and the index of (the first view with) its parent's id.
  struct ViewPlan {
    /// The view's x, y, width and height (x and y `nil` for the root), as slots: read after every
    /// solve, where `Variable`s would be copied with their names.
    var variables: (x: VariableSlot?, y: VariableSlot?, width: VariableSlot, height: VariableSlot)?
    var parent: Int?
    /// The view's `alignmentRectInsets` when not zero: its variables place the alignment
    /// rectangle, and the frame is that rectangle grown by these.
    var alignmentInsets: EdgeInsets? = nil
  }

  /// `root.width == W` and `root.height == H`, required: the root's size is the environment's,
  /// always (UIKit's `UIView-Encapsulated-Layout-Width/Height`), so a required constraint that
  /// fights it is the one broken.
  struct ContainerConstraints {
    var width: Installed
    var height: Installed
    /// The size their constants hold.
    var size: Size
    var both: [Installed] { [width, height] }
  }

  /// A constraint in a slot's solver. A reference, owned by one slot: the diff moves entries
  /// between arrays, and a `LayoutConstraint` is many strings to retain on every copy.
  final class Installed {
    var layout: LayoutConstraint
    var expression: LinearExpression
    /// The constant now in the solver (may differ from `constraint.expression.constant`).
    /// Unchecked: read for every required constraint after every layout, and an engine is used
    /// from one thread at a time.
    @exclusivity(unchecked) var constant: Double
    let constraint: Constraint
    /// Whether the constant depends on the safe-area insets.
    var readsSafeArea: Bool
    /// The constraint's priority is 1000 and its relation, kept apart so that the check after
    /// every layout (`LayoutChecks.accuracy`) reads them without copying `layout` (a diff
    /// changes neither: it matches on both).
    let isRequired: Bool
    let relation: LayoutRelation

    init(
      layout: LayoutConstraint, expression: LinearExpression, constant: Double, constraint: Constraint,
      readsSafeArea: Bool
    ) {
      self.layout = layout
      self.expression = expression
      self.constant = constant
      self.constraint = constraint
      self.readsSafeArea = readsSafeArea
      self.isRequired = layout.priority >= 1000
      self.relation = layout.relation
    }
  }
}
