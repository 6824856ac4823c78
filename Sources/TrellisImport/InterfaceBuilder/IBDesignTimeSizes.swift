import TrellisModel
import TrellisSupport

// Sizes Interface Builder knows but the file does not say: the placeholder intrinsic size a
// custom view is given at design time, the intrinsic size IB got from an @IBDesignable's code, controls' alignment rectangles that depend on the Xcode
// that saved the file, and custom views whose size only their code knows (docs/import.md,
// "Views whose size IB knows").

extension IBViewKinds {
  /// A control's `alignmentRectInsets` in a file saved by tools `toolsVersion`
  /// (``alignmentInsets``; docs/semantics.md, "Alignment rectangles").
  ///
  /// A UISlider's are left 2, right 2, bottom 1 in files saved before Xcode 26 (tools 24xxx),
  /// none after: a slider in a stack or pinned to its siblings' edges is stored 2 pt left of
  /// them and 4 pt wider, and the next view in a vertical stack starts after its height less 1
  /// (Simplenote's SPNoteHistoryViewController, 17506; Pocket Casts' CastToViewController,
  /// 19455; VLC's PlaybackSpeedView, 22154); VLC's VideoFiltersView (24412) and NetNewsWire's
  /// Settings (24765) store it flush with its stack and its cell.
  ///
  /// A UIProgressView in the bar style (`progressViewStyle="bar"`) without track or progress
  /// images has bottom 1 (UIKit's `UIProgressViewModernVisualElement.alignmentRectInsets`; VLC's
  /// AudioMiniPlayer and MengTo's DesignerNewsApp store a bar with a required height of 2 three
  /// points tall, reaching 1 past the edge it is pinned to); with images the insets are theirs,
  /// which the file does not say, and the default style has none.
  static func alignmentInsets(for element: XMLElementNode, toolsVersion: Int) -> EdgeInsets? {
    switch element.name {
    case "slider":
      return toolsVersion >= 24000 ? nil : EdgeInsets(top: 0, left: 2, bottom: 1, right: 2)
    case "progressView":
      let images = ["trackImage", "progressImage"]
      guard element["progressViewStyle"] == "bar", !images.contains(where: { element[$0] != nil }),
        !element.children.contains(where: { images.contains($0["key"] ?? "") })
      else { return nil }
      return EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
    default:
      return alignmentInsets[element.name]
    }
  }
}

extension SceneImporter {
  /// `placeholderIntrinsicWidth` / `placeholderIntrinsicHeight`: the intrinsic size Interface
  /// Builder gives a view at design time (its size inspector's "Intrinsic Size: Placeholder"),
  /// which the stored frames were laid out with; `infinite` is "None" (no intrinsic size on
  /// that axis). It overrides what the importer would otherwise give. A stack view ignores an
  /// intrinsic size in Trellis, so there it becomes the constraints an intrinsic size stands
  /// for (hugging and compression resistance at the view's priorities), returned.
  mutating func applyPlaceholderIntrinsicSize(
    _ node: inout ViewNode, _ element: XMLElementNode, sink: inout ImportSink
  ) -> [ConstraintSpec] {
    var specs: [ConstraintSpec] = []
    for (key, attribute) in [
      ("placeholderIntrinsicWidth", LayoutAttribute.width), ("placeholderIntrinsicHeight", .height),
    ] {
      guard let text = element[key] else { continue }
      let value: Double?
      if text == "infinite" {
        value = nil
      } else if let number = IBValues.number(text), number >= 0 {
        value = number
      } else {
        sink.warning(
          "ib-approximate",
          "'\(node.id)' has \(key)=\"\(text)\", which is neither a size nor \"infinite\" (none); it is left out",
          at: element.location)
        continue
      }
      if node.kind == .stack {
        guard let value else { continue }
        let horizontal = attribute == .width
        let hugging = horizontal ? node.hugging.horizontal : node.hugging.vertical
        let resistance = horizontal ? node.compressionResistance.horizontal : node.compressionResistance.vertical
        for (relation, priority, suffix) in [
          (LayoutRelation.lessThanOrEqual, hugging, "hugging"), (.greaterThanOrEqual, resistance, "compression"),
        ] {
          let name = unique(IBValues.identifier("\(node.id)_placeholder_\(attribute.rawValue)_\(suffix)"))
          let first = AnchorReference(item: .view(node.id), attribute: attribute)
          specs.append(
            ConstraintSpec(
              id: name, first: first, relation: relation, second: nil, multiplier: 1, constant: Varying(value),
              priority: Varying(priority), source: "\(first) \(relation.rawValue) \(fmt(value)) @\(fmt(priority))",
              location: element.location))
        }
        continue
      }
      if value == nil, node.kind == .label || node.kind == .button {
        // Trellis measures a label's or button's text when no size is given: "none" cannot be said.
        sink.warning(
          "ib-approximate",
          "'\(node.id)' has \(key)=\"infinite\" (no intrinsic size); Trellis gives a \(node.kind.rawValue) the size "
            + "of its content on that axis", at: element.location)
        continue
      }
      if attribute == .width { node.intrinsicWidth = value } else { node.intrinsicHeight = value }
    }
    return specs
  }

  /// The intrinsic size Interface Builder stored for an `@IBDesignable` plain view
  /// (`<designables>`): IB ran the class's `intrinsicContentSize` and laid the view out with
  /// it, so the stored frames were. Only for `<view>`: a label's, button's or text view's
  /// content Trellis measures itself, for any width. A placeholder intrinsic size, applied
  /// after, still wins, as it does in IB.
  func applyDesignableIntrinsicSize(_ node: inout ViewNode, _ element: XMLElementNode) {
    guard element.name == "view", element["customClass"] != nil, let id = element["id"],
      let size = document.designableSizes[id]
    else { return }
    node.intrinsicWidth = size.width
    node.intrinsicHeight = size.height
  }

  /// A warning for each custom-class plain view (`<view customClass="…">`) whose size on an axis
  /// Interface Builder cannot know: no placeholder intrinsic size, no subviews, not kept by its
  /// autoresizing mask, and no `==` constraint that fixes that axis (a size equal to a
  /// constant or another anchor, or two different locations on the axis), nor a stack that
  /// stretches it or, hidden, collapses it. UIKit asks the class's code for its intrinsic size there; Trellis gives it
  /// none, so it may be solved to 0. Likewise a stack view with no arranged views in the file,
  /// whose size on such an axis comes from the views its code adds.
  func warnSizesFromCode(_ constraints: [ConstraintSpec], sink: inout ImportSink) {
    var fixed: [String: (width: Bool, height: Bool)] = [:]
    var locations: [String: [LayoutAttribute.Axis: Set<LayoutAttribute>]] = [:]
    // Any priority: an optional `==` decides the size as well when nothing stronger fights it.
    for spec in constraints where spec.relation == .equal {
      for (anchor, other) in [(spec.first, spec.second), (spec.second, Optional(spec.first))] {
        guard let anchor, let id = anchor.item.viewID else { continue }
        if anchor.attribute.isSize {
          // `width == 40`, `width == other.height`, `width == 1:1 × height` (the other axis is
          // checked on its own).
          if other != nil || anchor == spec.first {
            if anchor.attribute == .width { fixed[id, default: (false, false)].width = true }
            if anchor.attribute == .height { fixed[id, default: (false, false)].height = true }
          }
        } else if other != nil {
          locations[id, default: [:]][anchor.attribute.axis, default: []].insert(anchor.attribute)
        }
      }
    }
    for entry in pending {
      let element = entry.element
      let customClass = element["customClass"]
      let isEmptyStack = element.name == "stackView" && element["hidden"] != "YES"
      guard element.name == "view" && customClass != nil || isEmptyStack, entry.parent != nil,
        element.child(named: "subviews")?.children.isEmpty ?? true,
        element["translatesAutoresizingMaskIntoConstraints"] == "NO", element["fixedFrame"] != "YES"
      else { continue }
      let id = entry.node.id
      let stack = entry.parent.flatMap { pending[$0].node.stack }
      var axes: [String] = []
      for (axis, placeholder, isFixed) in [
        (LayoutAttribute.Axis.horizontal, "placeholderIntrinsicWidth", fixed[id]?.width ?? false),
        (.vertical, "placeholderIntrinsicHeight", fixed[id]?.height ?? false),
      ] {
        // IB ran an @IBDesignable's code: its size there is known, or known to be none.
        if element[placeholder] != nil || document.designableSizes[element["id"] ?? ""] != nil { continue }
        if isFixed || (locations[id]?[axis]?.count ?? 0) >= 2 { continue }
        if let stack, stackStretches(stack, axis: axis) { continue }
        // A hidden arranged view is 0 long along its stack (`UISV-hiding`), whatever its code says.
        if let stack, element["hidden"] == "YES", (stack.axis.base == .horizontal) == (axis == .horizontal) {
          continue
        }
        axes.append(axis == .horizontal ? "width" : "height")
      }
      guard !axes.isEmpty else { continue }
      let what = axes.joined(separator: " and ")
      if isEmptyStack {
        sink.warning(
          "ib-size-from-code",
          "stack view '\(id)' has no arranged views in the file, and no constraint fixes its \(what): at run time "
            + "its \(what) come\(axes.count == 1 ? "s" : "") from the views its code adds, which Trellis cannot run, so "
            + "it is laid out at 0 here; constrain its \(what), or give it a placeholder intrinsic size in Interface "
            + "Builder's size inspector", at: element.location)
        continue
      }
      sink.warning(
        "ib-size-from-code",
        "'\(id)' (class \(customClass ?? "")) has no intrinsic size Interface Builder knows, and no constraint fixes its "
          + "\(what): at run time its \(what) come\(axes.count == 1 ? "s" : "") from the class's code "
          + "(intrinsicContentSize), which Trellis cannot run, so it has none here and may be laid out at 0; give it "
          + "a placeholder intrinsic size in Interface Builder's size inspector, or constrain its \(what)",
        at: element.location)
    }
  }

  /// Whether a stack gives its arranged views their length on `axis` (a fill-equally stack
  /// along its axis; a fill-aligned stack across it).
  private func stackStretches(_ stack: StackProperties, axis: LayoutAttribute.Axis) -> Bool {
    let along = (stack.axis.base == .horizontal) == (axis == .horizontal)
    return along ? stack.distribution.base == .fillEqually : stack.alignment.base == .fill
  }
}
