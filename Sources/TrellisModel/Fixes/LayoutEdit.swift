import TrellisSupport
import TrellisText

/// One change to a layout document that a fix proposes, in the terms a layout file uses: a
/// constraint to add (with its text as the JSON notation writes it), a constraint's priority, a
/// constraint to remove, a view property. ``apply(to:)`` makes the edited document; front ends
/// that write files (TrellisJSON's `FixWriter`) make the same change in the file's text.
public struct LayoutEdit: Hashable, Sendable, CustomStringConvertible {
  /// What changes.
  public enum Change: Hashable, Sendable {
    /// A new required constraint `first relation second + constant` (`second` nil: a constant
    /// size), added after the file's constraints, in every size class.
    case addConstraint(first: AnchorReference, relation: LayoutRelation, second: AnchorReference?, constant: Double)
    /// The constraint with this id gets this priority in every size class.
    case setPriority(constraint: String, priority: Double)
    /// The constraint with this id is removed.
    case removeConstraint(String)
    /// The label or button with this id gets this `numberOfLines`.
    case setNumberOfLines(view: String, lines: Int)
    /// The view with this id gets this compression resistance on one axis (the other kept).
    case setCompressionResistance(view: String, axis: LayoutAttribute.Axis, priority: Double)
    /// The constraint with this id names the root's safe-area guide where it named the root
    /// view's own edge (`v.top == root.top + 8` becomes `v.top == safeArea.top + 8`).
    case rebaseOnSafeArea(constraint: String, root: String)
    /// The label or button with this id gets this `fontSize` in every size class and, when a
    /// style is given, this `textStyle`, the size then scaling with it (as a file giving both
    /// says: `UIFontMetrics(forTextStyle:).scaledFont(for:)`).
    case setFont(view: String, size: Double, textStyle: TextStyle?)
    /// The constraint with this id names, where it named view `owner`'s own safe-area guide
    /// (`owner.safeAreaLayoutGuide.top`), the root's safe-area guide (`safeArea.top`) or, with
    /// `onSafeArea` false, `owner`'s own edge (`owner.top`).
    case rebaseGuide(constraint: String, owner: String, onSafeArea: Bool)
  }

  public var change: Change
  /// The constraint the edit is about as the file wrote it (its source text), when it is about
  /// one: for messages.
  public var constraintText: String?
  /// Where an added constraint is installed: every size class (`any`, the default), or only
  /// those the pattern matches (a `"when"` group in a file), for a problem of those alone.
  public var when = TraitPattern.any

  public init(_ change: Change, constraintText: String? = nil, when: TraitPattern = .any) {
    self.change = change
    self.constraintText = constraintText
    self.when = when
  }

  /// The text of an added constraint as the JSON notation writes it:
  /// `password.leading == email.leading`, `b.top >= a.bottom + 8`, `v.width == 120`.
  public static func constraintText(
    first: AnchorReference, relation: LayoutRelation, second: AnchorReference?, constant: Double
  ) -> String {
    var text = "\(first) \(relation.rawValue) "
    guard let second else { return text + fmt(constant) }
    text += "\(second)"
    if constant > 0 { text += " + \(fmt(constant))" }
    if constant < 0 { text += " - \(fmt(-constant))" }
    return text
  }

  /// `add 'a.leading == b.leading'`, `set the priority of 'c2' (a.width == 200) to 999`, ….
  public var description: String {
    let about = constraintText.map { " (\($0))" } ?? ""
    switch change {
    case .addConstraint(let first, let relation, let second, let constant):
      let text = Self.constraintText(first: first, relation: relation, second: second, constant: constant)
      return "add '\(text)'" + (when == .any ? "" : " when \(when)")
    case .setPriority(let id, let priority):
      return "set the priority of '\(id)'\(about) to \(fmt(priority))"
    case .removeConstraint(let id):
      return "remove '\(id)'\(about)"
    case .setNumberOfLines(let view, let lines):
      return "set 'numberOfLines: \(lines)' on '\(view)'"
    case .setCompressionResistance(let view, let axis, let priority):
      return "set the \(axis == .horizontal ? "horizontal" : "vertical") compression resistance of '\(view)' to "
        + fmt(priority)
    case .rebaseOnSafeArea(let id, _):
      return "pin '\(id)'\(about) to 'safeArea' instead of the root view"
    case .setFont(let view, let size, let style):
      let style = style.map { " and 'textStyle: \($0.rawValue)'" } ?? ""
      return "set 'fontSize: \(fmt(size))'\(style) on '\(view)'"
    case .rebaseGuide(let id, let owner, let onSafeArea):
      return
        "pin '\(id)'\(about) to '\(onSafeArea ? "safeArea" : owner)' instead of '\(owner).\(ViewSafeArea.fileName)'"
    }
  }

  /// The document with the edit made, or `nil` when it names a constraint or view the document
  /// does not have, or a value that varies per size class (an edit changes every size class
  /// alike, and would silently drop the variations).
  public func apply(to document: LayoutDocument) -> LayoutDocument? {
    var copy = document
    switch change {
    case .addConstraint(let first, let relation, let second, let constant):
      let text = Self.constraintText(first: first, relation: relation, second: second, constant: constant)
      // The id the JSON reader gives the constraint once written last in the file.
      copy.constraints.append(
        ConstraintSpec(
          id: "constraint#\(document.constraints.count + 1)", first: first, relation: relation, second: second,
          constant: Varying(constant),
          installed: when == .any ? Varying(true) : Varying(false, variations: [.init(pattern: when, value: true)]),
          source: text))
    case .setPriority(let id, let priority):
      guard let index = copy.constraints.firstIndex(where: { $0.id == id }),
        !copy.constraints[index].priority.varies
      else { return nil }
      copy.constraints[index].priority = Varying(priority)
    case .removeConstraint(let id):
      guard let index = copy.constraints.firstIndex(where: { $0.id == id }) else { return nil }
      copy.constraints.remove(at: index)
    case .setNumberOfLines(let view, let lines):
      let found = Self.modifyView(view, in: &copy.root) { node in
        guard node.kind == .label || node.kind == .button else { return false }
        node.numberOfLines = lines
        return true
      }
      guard found else { return nil }
    case .setCompressionResistance(let view, let axis, let priority):
      let found = Self.modifyView(view, in: &copy.root) { node in
        guard !node.compressionResistanceByClass.varies, node.kind != .guide else { return false }
        if axis == .horizontal {
          node.compressionResistance.horizontal = priority
        } else {
          node.compressionResistance.vertical = priority
        }
        return true
      }
      guard found else { return nil }
    case .rebaseOnSafeArea(let id, let root):
      guard let index = copy.constraints.firstIndex(where: { $0.id == id }) else { return nil }
      var spec = copy.constraints[index]
      if let second = spec.second, second.item == .view(root), Self.rebasable.contains(second.attribute) {
        spec.second = AnchorReference(item: .safeArea, attribute: second.attribute, location: second.location)
      } else if spec.first.item == .view(root), Self.rebasable.contains(spec.first.attribute) {
        spec.first = AnchorReference(item: .safeArea, attribute: spec.first.attribute, location: spec.first.location)
      } else {
        return nil
      }
      copy.constraints[index] = spec
    case .setFont(let view, let size, let style):
      let found = Self.modifyView(view, in: &copy.root) { node in
        guard node.kind == .label || node.kind == .button, !node.fontSize.varies else { return false }
        node.fontSize = Varying(size)
        if let style {
          node.textStyle = Varying(style)
          node.scalesFontSizeWithTextStyle = true
        }
        return true
      }
      guard found else { return nil }
    case .rebaseGuide(let id, let owner, let onSafeArea):
      guard let index = copy.constraints.firstIndex(where: { $0.id == id }) else { return nil }
      var spec = copy.constraints[index]
      let guide = ViewSafeArea.guide(of: owner)
      let base: LayoutItem = onSafeArea ? .safeArea : .view(owner)
      var changed = false
      if spec.first.item == guide {
        spec.first = AnchorReference(item: base, attribute: spec.first.attribute, location: spec.first.location)
        changed = true
      }
      if let second = spec.second, second.item == guide {
        spec.second = AnchorReference(item: base, attribute: second.attribute, location: second.location)
        changed = true
      }
      guard changed else { return nil }
      copy.constraints[index] = spec
    }
    return copy
  }

  /// Whether the edit adds a constraint.
  public var isAddition: Bool {
    if case .addConstraint = change { return true }
    return false
  }

  /// The attributes a constraint can take from the safe area instead of the root view: edges
  /// and centres.
  public static let rebasable: Set<LayoutAttribute> = [
    .top, .bottom, .leading, .trailing, .left, .right, .centerX, .centerY,
  ]

  /// Changes the view with this id in place (the path to it found first, then walked, so that
  /// no view is copied); `false` when no view has the id or `change` refuses.
  static func modifyView(_ id: String, in root: inout ViewNode, _ change: (inout ViewNode) -> Bool) -> Bool {
    var path: [Int]?
    var pending: [(node: ViewNode, path: [Int])] = [(root, [])]
    while let (node, at) = pending.popLast() {
      if node.id == id {
        path = at
        break
      }
      for (index, child) in node.children.enumerated() { pending.append((child, at + [index])) }
    }
    guard let path else { return false }
    return modify(&root, along: path[...], change)
  }

  private static func modify(_ node: inout ViewNode, along path: ArraySlice<Int>, _ change: (inout ViewNode) -> Bool)
    -> Bool
  {
    guard let first = path.first else { return change(&node) }
    return modify(&node.children[first], along: path.dropFirst(), change)
  }
}

/// A fix that was checked: edits that, made together, remove a problem in every environment the
/// command checked without causing another there.
public struct CheckedFix: Hashable, Sendable, CustomStringConvertible {
  /// The edits, made together.
  public var edits: [LayoutEdit]
  /// How many environments the edited layout was solved and checked in.
  public var checkedEnvironments: Int

  public init(edits: [LayoutEdit], checkedEnvironments: Int) {
    self.edits = edits
    self.checkedEnvironments = checkedEnvironments
  }

  /// `add 'a.leading == b.leading' (checked in 8 environments)`.
  public var description: String {
    edits.map(\.description).joined(separator: " and ")
      + " (checked in \(checkedEnvironments) environment\(checkedEnvironments == 1 ? "" : "s"))"
  }

  /// The document with every edit made, or `nil` when one cannot be.
  public func apply(to document: LayoutDocument) -> LayoutDocument? {
    var edited = document
    for edit in edits {
      guard let next = edit.apply(to: edited) else { return nil }
      edited = next
    }
    return edited
  }
}
