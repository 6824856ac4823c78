import TrellisModel
import TrellisSupport

extension SceneImporter {
  /// Every `<constraint>` of the scene, as constraint specs, with their size-class masks.
  mutating func readConstraints(sink: inout ImportSink) -> [ConstraintSpec] {
    var specs: [ConstraintSpec] = []
    var droppedByView: [String: (count: Int, location: SourceLocation?)] = [:]
    // In the file's order (a view's <constraints> follow its subviews'), which is the order
    // the nib adds them in and so the order a conflict is decided in.
    let lists = constraintLists.sorted {
      ($0.element.location.line, $0.element.location.column) < ($1.element.location.line, $1.element.location.column)
    }
    for (owner, list) in lists {
      for element in list.children(named: "constraint") {
        let ib = element["id"] ?? ""
        // IB lays the canvas out with a placeholder ("Remove at build time") and stores the
        // frames it gives; it stands for what the app's code makes at run time, as a placeholder
        // intrinsic size stands for its code's size (docs/import.md, "Placeholder constraints").
        if element["placeholder"] == "YES" {
          sink.note(
            "ib-placeholder",
            "placeholder constraint '\(ib)' is kept: Interface Builder lays the scene out with it, and its stored "
              + "frames follow it; UIKit removes it at build time, so at run time the app's code must make what it "
              + "stands for",
            at: element.location)
        }
        let firstID = element["firstItem"] ?? owner
        let secondID = element["secondItem"]
        if let gone = [firstID, secondID].compactMap({ $0 }).first(where: { dropped.contains($0) }) {
          droppedByView[gone, default: (0, element.location)].count += 1
          continue
        }
        guard let firstName = element["firstAttribute"], let firstAttribute = IBValues.attribute(firstName) else {
          sink.warning(
            "ib-unsupported", "constraint '\(ib)' has an attribute Trellis does not know; it is left out",
            at: element.location)
          continue
        }
        guard let first = anchor(firstID, firstAttribute, element, sink: &sink) else { continue }
        var second: AnchorReference?
        if let secondID, let secondName = element["secondAttribute"], secondName != "notAnAttribute" {
          guard let attribute = IBValues.attribute(secondName) else {
            sink.warning(
              "ib-unsupported", "constraint '\(ib)' has an attribute Trellis does not know; it is left out",
              at: element.location)
            continue
          }
          guard let anchor = anchor(secondID, attribute, element, sink: &sink) else { continue }
          second = anchor
        }
        let relation: LayoutRelation
        switch element["relation"] {
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case "lessThanOrEqual": relation = .lessThanOrEqual
        default: relation = .equal
        }
        guard let multiplier = IBValues.multiplier(element["multiplier"]),
          let constantValue = element["constant"] == nil ? 0 : IBValues.number(element["constant"]),
          let priorityValue = element["priority"] == nil ? 1000 : IBValues.number(element["priority"])
        else {
          sink.warning(
            "ib-unsupported", "constraint '\(ib)' has a value that is not a number; it is left out",
            at: element.location)
          continue
        }
        var constant = constantValue
        var standard = 0.0
        if element["symbolic"] == "YES", areSiblings(first.item, second?.item) {
          // IB's "Standard" between siblings: 8, which the engine decides the same way
          // (docs/semantics.md, "Standard spacing"). Between a view and its superview or a
          // guide, IB's value depends on its version (20 to a superview's edge, 8 to the old top
          // layout guide, in stored frames), so the constant IB computed is kept: exact on the
          // stored device.
          standard = constantValue < 0 ? -1 : 1
          constant = 0
        }
        let id = constraintID(element)
        var text = "\(first) \(relation.rawValue)"
        if let second {
          text += " " + (multiplier != 1 ? "\(fmt(multiplier)) * " : "") + "\(second)"
          if standard != 0 {
            text += standard > 0 ? " + standard" : " - standard"
          } else if constant != 0 {
            text += constant > 0 ? " + \(fmt(constant))" : " - \(fmt(-constant))"
          }
        } else {
          text += " \(fmt(constant))"
        }
        if priorityValue < 1000 { text += " @\(fmt(priorityValue))" }
        var constants = Varying(constant)
        var priorities = Varying(priorityValue)
        // `<variation key="heightClass=compact" constant="80"/>` inside the constraint.
        for variation in element.children(named: "variation") {
          guard let key = variation["key"], let pattern = IBValues.pattern(key) else {
            sink.warning(
              "ib-unsupported",
              "size-class variation '\(variation["key"] ?? "")' of constraint '\(ib)' is not understood",
              at: variation.location)
            continue
          }
          if let value = IBValues.number(variation["constant"]) {
            constants.set(
              element["symbolic"] == "YES" && standard != 0 ? value - constantValue : value, for: pattern,
              at: variation.location)
          }
          if let value = IBValues.number(variation["priority"]) {
            priorities.set(value, for: pattern, at: variation.location)
          }
        }
        specs.append(
          ConstraintSpec(
            id: id, first: first, relation: relation, second: second, multiplier: multiplier,
            constant: constants, priority: priorities,
            installed: constraintMasks[ib] ?? Varying(true), source: text, location: element.location,
            standardSpacing: Varying(standard)))
      }
    }
    for (view, info) in droppedByView.sorted(by: { $0.key < $1.key }) {
      sink.warning(
        "ib-unsupported",
        "\(info.count) constraint\(info.count == 1 ? "" : "s") naming '\(view)', a view not imported, "
          + "\(info.count == 1 ? "is" : "are") left out", at: info.location)
    }
    return specs
  }

  /// Whether two items are views with the same superview.
  func areSiblings(_ a: LayoutItem, _ b: LayoutItem?) -> Bool {
    guard let a = a.viewID, let b = b?.viewID, let parent = parentOf[a] else { return false }
    return parentOf[b] == parent
  }

  /// `ib_` and the IB id (or the constraint's identifier, when it is a usable unique name).
  mutating func constraintID(_ element: XMLElementNode) -> String {
    var wanted = IBValues.identifier("ib_" + (element["id"] ?? "constraint"))
    if let identifier = element["identifier"], IBValues.identifier(identifier) == identifier {
      wanted = identifier
    }
    let name = unique(wanted)
    ids.append((element["id"] ?? "", name))
    return name
  }

  /// The anchor an IB item and attribute stand for, or nil (with a warning) when Trellis has none.
  func anchor(
    _ ib: String, _ attribute: LayoutAttribute, _ element: XMLElementNode, sink: inout ImportSink
  ) -> AnchorReference? {
    let location = element.location
    func unsupported(_ why: String) -> AnchorReference? {
      sink.warning(
        "ib-unsupported", "constraint '\(element["id"] ?? "")' \(why); it is left out", at: location)
      return nil
    }
    switch items[ib] {
    case .view(let id):
      return AnchorReference(item: .view(id), attribute: attribute, location: location)
    case .safeArea:
      guard !attribute.isMarginAttribute, attribute != .firstBaseline, attribute != .lastBaseline else {
        return unsupported("uses the safe area's \(attribute.rawValue)")
      }
      return AnchorReference(item: .safeArea, attribute: attribute, location: location)
    case .topLayoutGuide:
      // The old top layout guide runs from the root's top to the top of the safe area.
      switch attribute {
      case .bottom: return AnchorReference(item: .safeArea, attribute: .top, location: location)
      case .top: return AnchorReference(item: .view("root"), attribute: .top, location: location)
      default: return unsupported("uses the top layout guide's \(attribute.rawValue)")
      }
    case .bottomLayoutGuide:
      switch attribute {
      case .top: return AnchorReference(item: .safeArea, attribute: .bottom, location: location)
      case .bottom: return AnchorReference(item: .view("root"), attribute: .bottom, location: location)
      default: return unsupported("uses the bottom layout guide's \(attribute.rawValue)")
      }
    case .margins(let view):
      guard let margin = IBValues.marginForm(attribute) else {
        return unsupported("uses the \(attribute.rawValue) of a layout margins guide")
      }
      return AnchorReference(item: .view(view), attribute: margin, location: location)
    case .scrollGuide(let guide):
      return AnchorReference(item: guide, attribute: attribute, location: location)
    case .viewSafeArea(let view):
      guard !attribute.isMarginAttribute, attribute != .firstBaseline, attribute != .lastBaseline else {
        return unsupported("uses the \(attribute.rawValue) of the safe area of '\(view)'")
      }
      return AnchorReference(item: ViewSafeArea.guide(of: view), attribute: attribute, location: location)
    case nil:
      return unsupported("names '\(ib)', which is not a view or guide of this scene")
    }
  }

  // MARK: Autoresizing

  /// Constraints for the views IB left to their autoresizing mask, as UIKit makes them: per
  /// axis, a change of the superview's size is shared among the flexible parts (margins and
  /// size) in proportion to their stored lengths, equally when those are all zero.
  mutating func autoresizingConstraints(sink: inout ImportSink) -> [ConstraintSpec] {
    var specs: [ConstraintSpec] = []
    for (element, id, parent) in autoresizing {
      guard var frame = storedFrames[id], let parentFrame = storedFrames[parent] else { continue }
      // The constraints place the alignment rectangle; the frame UIKit keeps is the stored one.
      if let insets = pending.first(where: { $0.node.id == id })?.node.alignmentRectInsets, insets != .zero {
        frame = Rect(
          x: frame.x + insets.left, y: frame.y + insets.top, width: frame.width - insets.left - insets.right,
          height: frame.height - insets.top - insets.bottom)
      }
      if pending.contains(where: { $0.node.id == parent && $0.node.kind == .scroll }) {
        // Inside a scroll view the edges belong to its content area, whose size is free.
        sink.warning(
          "ib-approximate",
          "'\(id)' keeps its frame through an autoresizing mask inside scroll view '\(parent)'; its position follows "
            + "the scroll view's content area, which Trellis sizes from constraints only", at: element.location)
      }
      let mask = element.child(named: "autoresizingMask", key: "autoresizingMask")
      func flexible(_ key: String) -> Bool { mask?[key] == "YES" }
      let location = element.location
      let axes:
        [(
          LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute, Double, Double, Double, String, String,
          String
        )] = [
          (
            .left, .width, .right, .centerX, frame.x - parentFrame.x, frame.width, parentFrame.width, "flexibleMinX",
            "widthSizable", "flexibleMaxX"
          ),
          (
            .top, .height, .bottom, .centerY, frame.y - parentFrame.y, frame.height, parentFrame.height, "flexibleMinY",
            "heightSizable", "flexibleMaxY"
          ),
        ]
      var approximate = false
      for (start, size, end, center, offset, length, parentLength, minKey, sizeKey, maxKey) in axes {
        let margin = parentLength - offset - length
        let flex = (flexible(minKey), flexible(sizeKey), flexible(maxKey))
        let lengths = [flex.0 ? offset : 0, flex.1 ? length : 0, flex.2 ? margin : 0]
        let count = [flex.0, flex.1, flex.2].filter { $0 }.count
        let total = lengths.reduce(0, +)
        // Shares of the change in the superview's length.
        func share(_ index: Int, _ isFlexible: Bool) -> Double {
          guard isFlexible, count > 0 else { return 0 }
          return total > 0 ? lengths[index] / total : 1 / Double(count)
        }
        let startShare = share(0, flex.0)
        let sizeShare = share(1, flex.1)
        let parentItem = LayoutItem.view(parent)
        // size = length + sizeShare × (P − parentLength)
        specs.append(
          autoresizingSpec(
            id, size, second: sizeShare == 0 ? nil : AnchorReference(item: parentItem, attribute: size),
            multiplier: sizeShare, constant: length - sizeShare * parentLength, location: location))
        // start = parent.start + offset + startShare × (P − parentLength)
        let startConstant = offset - startShare * parentLength
        let anchorAttribute: LayoutAttribute
        var constant = startConstant
        switch startShare {
        case 0: anchorAttribute = start
        case 1:
          anchorAttribute = end
          constant = offset - parentLength
        case 0.5:
          anchorAttribute = center
          constant = offset - parentLength / 2
        default:
          // UIKit's proportional margin, start = share × P + c in the superview's coordinates:
          // a multiplied location to the superview's end, which the engine reads in the
          // superview's coordinates (docs/semantics.md §3, "Constraints"). A scroll view's
          // coordinates start at its content, whose end is not its length: approximated there.
          if !pending.contains(where: { $0.node.id == parent && $0.node.kind == .scroll }) {
            specs.append(
              autoresizingSpec(
                id, start, second: AnchorReference(item: parentItem, attribute: end), multiplier: startShare,
                constant: startConstant, location: location))
            continue
          }
          approximate = true
          anchorAttribute = startShare < 0.5 ? start : end
          constant = startShare < 0.5 ? offset : offset - parentLength
        }
        specs.append(
          autoresizingSpec(
            id, start, second: AnchorReference(item: parentItem, attribute: anchorAttribute), multiplier: 1,
            constant: constant, location: location))
      }
      if approximate {
        sink.warning(
          "ib-approximate",
          "'\(id)' keeps its frame through an autoresizing mask with flexible margins inside '\(parent)'; "
            + "its position is approximated", at: location)
      }
    }
    return specs
  }

  private mutating func autoresizingSpec(
    _ id: String, _ attribute: LayoutAttribute, second: AnchorReference?, multiplier: Double, constant: Double,
    location: SourceLocation?
  ) -> ConstraintSpec {
    let name = unique(IBValues.identifier("\(id)_autoresizing_\(attribute.rawValue)"))
    let first = AnchorReference(item: .view(id), attribute: attribute)
    let text =
      "\(first) == " + (second.map { "\(multiplier == 1 ? "" : "\(fmt(multiplier)) * ")\($0) + " } ?? "")
      + fmt(constant)
    return ConstraintSpec(
      id: name, first: first, relation: .equal, second: second, multiplier: second == nil ? 1 : multiplier,
      constant: Varying(constant), source: text, location: location)
  }
}

extension LayoutAttribute {
  var isMarginAttribute: Bool {
    [
      .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins,
      .centerYWithinMargins,
    ].contains(self)
  }
}
