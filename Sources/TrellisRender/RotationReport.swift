import TrellisModel
import TrellisSupport

/// A rotation told in UIKit's order (`trellis rotate`), from a ``LayoutDiff``.
///
/// The order is the one observed in iOS logs (concentration-demo.md, last section): when a size
/// class changes, `willTransition(to:with:)` (traits), `viewWillTransition(to:with:)` (size),
/// `traitCollectionDidChange(_:)` — where Interface Builder's variations apply: constraints
/// uninstalled and installed, hidden flags, texts, stack properties — then
/// `viewWillLayoutSubviews`, `updateViewConstraints`, layout (frames move) and
/// `viewDidLayoutSubviews`. When only the size changes (an iPad) there is no trait transition.
package enum RotationReport {
  /// The steps, then the diagram before and after.
  ///
  /// - Parameters:
  ///   - diagram: options for the two diagrams; `nil` leaves them out.
  package static func render(
    _ diff: LayoutDiff, before: LayoutResult, after: LayoutResult,
    diagram: ASCIIDiagram.Options? = ASCIIDiagram.Options()
  ) -> String {
    var steps: [(call: String, details: [String])] = []
    if diff.sizeClassChanged {
      steps.append(
        ("willTransition(to: \(diff.after.traits))", ["traits \(diff.before.traits) → \(diff.after.traits)"]))
    }
    var sizeDetails = ["size \(diff.before.containerSize) → \(diff.after.containerSize)"]
    if diff.before.safeAreaInsets != diff.after.safeAreaInsets {
      sizeDetails.append(
        "safe area insets \(insets(diff.before.safeAreaInsets)) → \(insets(diff.after.safeAreaInsets))")
    }
    steps.append(("viewWillTransition(to: \(diff.after.containerSize))", sizeDetails))
    if diff.sizeClassChanged {
      steps.append(("traitCollectionDidChange(previous: \(diff.before.traits))", variationLines(diff)))
    } else {
      var details = ["no trait transition: the size classes stay \(diff.after.traits)"]
      let variations = variationLines(diff)
      if variations.count > 1 || variations.first != "no variations change" { details += variations }
      steps.append(("(no traitCollectionDidChange)", details))
    }
    steps.append(("viewWillLayoutSubviews", []))
    steps.append(("updateViewConstraints", []))
    steps.append(("layoutSubviews", movedLines(diff)))
    steps.append(("viewDidLayoutSubviews", []))

    var out = "\(title(diff.before)) → \(title(diff.after))\n\n"
    for (number, step) in steps.enumerated() {
      out += "\(number + 1). \(step.call)\n"
      for line in step.details { out += "     \(line)\n" }
    }
    if let diagram {
      out += "\nBefore: " + ASCIIDiagram.header(before.environment) + "\n"
      out += ASCIIDiagram.render(before, options: diagram)
      out += "\nAfter: " + ASCIIDiagram.header(after.environment) + "\n"
      out += ASCIIDiagram.render(after, options: diagram)
    }
    return out
  }

  private static func title(_ environment: Environment) -> String {
    if let device = environment.deviceName {
      return
        "\(device) \(environment.orientation?.rawValue ?? "") (\(environment.containerSize), \(environment.traits))"
    }
    return "\(environment.containerSize), \(environment.traits)"
  }

  private static func insets(_ insets: EdgeInsets) -> String {
    "t\(NumberFormat.short(insets.top)) l\(NumberFormat.short(insets.left)) b\(NumberFormat.short(insets.bottom)) r\(NumberFormat.short(insets.right))"
  }

  static func variationLines(_ diff: LayoutDiff) -> [String] {
    var lines: [String] = []
    func add(_ heading: String, _ items: [String]) {
      for (index, item) in items.enumerated() {
        lines.append((index == 0 ? heading : "").padded(to: 13) + item)
      }
    }
    add("uninstalled", diff.uninstalledViews.map { "view \($0)" } + diff.uninstalled.map(constraintLine))
    add("installed", diff.installedViews.map { "view \($0)" } + diff.installed.map(constraintLine))
    add("changed", diff.changedConstraints.map { "\($0.before.id): \($0.before) → \($0.after)" })
    add(
      "hidden", diff.hidden.map { "\($0.id): \($0.before ? "hidden" : "visible") → \($0.after ? "hidden" : "visible")" }
    )
    add("text", diff.texts.map { "\($0.id): \(quoted($0.before)) → \(quoted($0.after))" })
    add(
      "font size", diff.fontSizes.map { "\($0.id): \(NumberFormat.short($0.before)) → \(NumberFormat.short($0.after))" }
    )
    add("stack", diff.stacks.map { "\($0.id): \(stackChange($0.before, $0.after))" })
    return lines.isEmpty ? ["no variations change"] : lines
  }

  private static func movedLines(_ diff: LayoutDiff) -> [String] {
    guard !diff.moved.isEmpty else { return ["no view moves"] }
    let width = diff.moved.map(\.id.count).max() ?? 0
    return diff.moved.map { change in
      "moved " + change.id.padded(to: width) + "  \(frame(change.before)) → \(frame(change.after))"
    }
  }

  private static func frame(_ rect: Rect) -> String {
    "(\(NumberFormat.short(rect.x)), \(NumberFormat.short(rect.y)), \(NumberFormat.short(rect.width)), \(NumberFormat.short(rect.height)))"
  }

  private static func constraintLine(_ constraint: LayoutConstraint) -> String {
    let place = constraint.location.map { "  (\($0))" } ?? ""
    return "\(constraint.id): \(constraint)\(place)"
  }

  private static func quoted(_ text: String?) -> String {
    guard let text else { return "none" }
    var out = "\""
    for character in text {
      switch character {
      case "\n": out += "\\n"
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default: out.append(character)
      }
    }
    return out + "\""
  }

  /// The word the layout file used for a stack's alignment; where the front end did not keep it,
  /// a horizontal stack's `top` and `bottom` (UIStackView.Alignment's names for that axis, and
  /// what Interface Builder writes), a vertical one's `leading` and `trailing`.
  static func alignmentWord(_ stack: ResolvedStack) -> String {
    if let word = stack.alignmentWord { return word }
    switch (stack.axis, stack.alignment) {
    case (.horizontal, .leading): return "top"
    case (.horizontal, .trailing): return "bottom"
    default: return stack.alignment.rawValue
    }
  }

  private static func stackChange(_ before: ResolvedStack?, _ after: ResolvedStack?) -> String {
    guard let before, let after else { return before == nil ? "becomes a stack" : "stops being a stack" }
    var parts: [String] = []
    if before.axis != after.axis { parts.append("axis \(before.axis.rawValue) → \(after.axis.rawValue)") }
    if before.distribution != after.distribution {
      parts.append("distribution \(before.distribution.rawValue) → \(after.distribution.rawValue)")
    }
    if before.alignment != after.alignment {
      parts.append("alignment \(alignmentWord(before)) → \(alignmentWord(after))")
    }
    if before.spacing != after.spacing {
      parts.append("spacing \(NumberFormat.short(before.spacing)) → \(NumberFormat.short(after.spacing))")
    }
    return parts.isEmpty ? "arrangement changes" : parts.joined(separator: ", ")
  }
}
