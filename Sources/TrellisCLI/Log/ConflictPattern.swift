import TrellisLog
import TrellisModel

/// The usual reasons for a conflict block, each with what to do: the first that fits the
/// minimal set (or the whole list when the block could not be confirmed) is reported.
struct ConflictPattern: Equatable {
  /// A stable name (`cell-height`, `hidden-arranged-view`, …), for tools.
  var name: String
  /// What happened, in plain words.
  var explanation: String
  /// The usual fix.
  var fix: String

  static func recognise(_ block: ConflictBlock, minimal: [Int]) -> ConflictPattern {
    let members = minimal.map { block.constraints[$0] }
    let apps = members.filter { !$0.isSystem }
    func name(_ constraint: LogConstraint) -> String { block.items[constraint.first.item].displayName }
    func text(_ constraint: LogConstraint) -> String { LogReport.describe(constraint, block) }

    if let hiding = members.first(where: { $0.kind == .stack("UISV-hiding") }) {
      let own = apps.first.map { " (\(text($0)))" } ?? ""
      return ConflictPattern(
        name: "hidden-arranged-view",
        explanation:
          "A stack view hides \(name(hiding)) by giving it a size of 0 (UISV-hiding), and a required constraint "
          + "inside or on that view still asks for more\(own). UIKit breaks the view's own constraint, never the hiding. "
          + "Only iOS 9 and 10 log this: since iOS 11 the hiding is at priority 999.999 and gives way to a required "
          + "constraint instead.",
        fix: "Lower the priority of that constraint (its fixed size or padding) to 999, so that it gives way while the "
          + "view is hidden.")
    }
    if let size = members.first(where: { isEncapsulated($0) }), size.constant > 0,
      block.items[size.first.item].className.contains("Cell")
        || block.items[size.first.item].className.contains("Reusable")
    {
      let axis = size.first.attribute == .width ? "width" : "height"
      return ConflictPattern(
        name: "cell-size",
        explanation:
          "The table or collection view gives \(name(size)) a \(axis) of \(number(size.constant)) "
          + "(\(size.identifier ?? "its encapsulated size")) while the constraints inside ask for a different one.",
        fix: axis == "height"
          ? "Let the table size the cell (rowHeight = UITableView.automaticDimension with an estimatedRowHeight) so "
            + "that the height comes from the content, and lower one vertical constraint inside (the bottom pin) to "
            + "999 so the cell can take the estimated height while it is measured."
          : "Size the item from its content or from the layout's item size, not both; lower one horizontal "
            + "constraint inside to 999.")
    }
    if let zero = members.first(where: {
      isEncapsulated($0) && $0.constant == 0 && $0.second == nil
        && ($0.first.attribute == .width || $0.first.attribute == .height)
    }) {
      return ConflictPattern(
        name: "zero-size",
        explanation:
          "\(name(zero)) was given a size of 0 by its container (\(zero.identifier ?? zero.className)), as happens "
          + "before the first layout, during a rotation or while a bar or cell is being set up, and the constraints "
          + "inside need more room than that.",
        fix: "Usually harmless once the real size arrives; to silence it, lower the priority of one constraint inside "
          + "(a padding or a fixed size) to 999.")
    }
    if let mask = members.first(where: { $0.kind == .autoresizingMask }), !apps.isEmpty {
      return ConflictPattern(
        name: "autoresizing-mask",
        explanation:
          "\(name(mask)) still has translatesAutoresizingMaskIntoConstraints = true: its frame and autoresizing "
          + "mask became constraints (\(mask.horizontalMask ?? mask.verticalMask ?? "h=--& v=--&")) that fight yours.",
        fix: "Set translatesAutoresizingMaskIntoConstraints = false on every view you position with constraints "
          + "(views from a storyboard already have it off; views made in code do not).")
    }
    if let pair = twoSizes(apps) {
      return ConflictPattern(
        name: "two-sizes",
        explanation: "\(name(pair.0)) is given two different \(pair.0.first.attribute.rawValue)s: "
          + "\(text(pair.0)) and \(text(pair.1)).",
        fix: "Keep one (deactivate the other when you add the new one), or give one a priority below 1000.")
    }
    if apps.isEmpty {
      return ConflictPattern(
        name: "system-only",
        explanation:
          "Every constraint in the set was made by UIKit or AppKit for its own views (stack views, keyboard or "
          + "input bars, alerts, encapsulated sizes): no constraint of your app takes part.",
        fix: "Nothing in the constraints to change; it is a known platform behaviour (often while a keyboard, alert "
          + "or bar appears). Check the views you configure around it (a hidden arranged view, a zero-size container).")
    }
    return ConflictPattern(
      name: "over-constrained",
      explanation:
        "Your required constraints ask for more than one layout: along one axis the pins, spacings and sizes add "
        + "up to more (or less) than the space between the edges they connect.",
      fix: "Decide which value may give and lower its priority to 999 (a fixed size or the last pin of a chain), "
        + "or make one of them an inequality.")
  }

  static func isEncapsulated(_ constraint: LogConstraint) -> Bool {
    if case .encapsulated = constraint.kind { return true }
    return constraint.kind == .temporarySize
  }

  /// Two constant sizes of one attribute on one item, when the set holds them.
  static func twoSizes(_ constraints: [LogConstraint]) -> (LogConstraint, LogConstraint)? {
    let sizes = constraints.filter {
      $0.second == nil && ($0.first.attribute == .width || $0.first.attribute == .height)
    }
    for (i, a) in sizes.enumerated() {
      if let b = sizes.dropFirst(i + 1).first(where: {
        $0.first.item == a.first.item && $0.first.attribute == a.first.attribute && $0.constant != a.constant
      }) {
        return (a, b)
      }
    }
    return nil
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
