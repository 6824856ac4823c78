import TrellisSupport

/// The checks every constraint passes, whatever form it was written in: its views exist,
/// its attributes may be related (Auto Layout Guide, "Anatomy of a Constraint"), and its
/// numbers are in range.
extension DocumentReader {
  /// The root's guides, usable as constraint items.
  static let guideItems = ["safeArea", "margins"]

  /// Attributes a layout guide has: edges, centers and size (no baselines, no margins).
  static func guideHas(_ attribute: LayoutAttribute) -> Bool {
    switch attribute {
    case .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY: return true
    default: return false
    }
  }

  func validate(_ draft: ConstraintDraft) {
    let spec = draft.spec
    let path = spec.path
    let anchors = [spec.first] + (spec.second.map { [$0] } ?? [])

    for anchor in anchors {
      let viewKind = anchor.item.viewID.flatMap { views[$0]?.kind }
      let scrollGuide = ScrollLayout.isScrollGuide(anchor.item)
      let isGuide = anchor.item.isRootGuide || viewKind == .guide || scrollGuide
      if scrollGuide, let problem = scrollGuideProblem(anchor.item) {
        sink.error("unknown-view", problem, at: anchor.location, path: path)
      } else if !draft.itemsChecked, !anchor.item.isRootGuide, !scrollGuide, viewKind == nil {
        let candidates = viewOrder + Self.guideItems + (rootID == "root" ? [] : ["root"])
        let name = anchor.item.description
        sink.error("unknown-view", 
          "unknown view '\(name)'\(DidYouMean.hint(for: name, among: candidates))", at: anchor.location,
          path: path)
      } else if isGuide, !Self.guideHas(anchor.attribute) {
        sink.error("unknown-attribute", 
          "layout guide '\(anchor.item)' has no \(anchor.attribute.rawValue) attribute; guides have edges, centers, width and height",
          at: anchor.location, path: path)
      }
    }

    let first = spec.first
    let attribute = first.attribute
    if let second = spec.second {
      let other = second.attribute
      if first.item == second.item, attribute == other {
        sink.error("self-constraint", "'\(first)' is constrained to itself; relate it to another anchor", at: second.location, path: path)
      } else if attribute.isSize != other.isSize {
        let (size, location) = attribute.isSize ? (first, second) : (second, first)
        sink.error("incompatible-attributes", 
          "cannot constrain a size attribute ('\(size)') to a location attribute ('\(location)')", at: second.location,
          path: path)
      } else if !attribute.isSize, attribute.axis != other.axis {
        let (horizontal, vertical) = attribute.axis == .horizontal ? (first, second) : (second, first)
        sink.error("incompatible-attributes", 
          "cannot constrain a horizontal attribute ('\(horizontal)') to a vertical attribute ('\(vertical)')",
          at: second.location, path: path)
      } else if (attribute.isDirectional && other.isAbsoluteHorizontal)
        || (attribute.isAbsoluteHorizontal && other.isDirectional)
      {
        let (directional, absolute) = attribute.isDirectional ? (first, second) : (second, first)
        sink.error("incompatible-attributes", 
          "cannot constrain leading/trailing ('\(directional)') to left/right ('\(absolute)'); use leading/trailing on both sides, or left/right on both",
          at: second.location, path: path)
      }

      let multiplierLocation = draft.multiplierLocation ?? spec.location
      if !spec.multiplier.isFinite || spec.multiplier == 0 {
        sink.error("invalid-multiplier", 
          "the multiplier must be a finite number other than 0 (found \(fmt(spec.multiplier)))", at: multiplierLocation,
          path: path)
      } else if abs(spec.multiplier) > limits.maxMagnitude {
        sink.error("out-of-range", 
          "multiplier \(fmtExact(spec.multiplier)) is out of range; use at most \(fmt(limits.maxMagnitude)) (ReaderLimits.maxMagnitude)",
          at: multiplierLocation, path: path)
      } else if !attribute.isSize, !other.isSize, spec.multiplier != 1 {
        sink.warning("location-multiplier", 
          "multiplier \(fmt(spec.multiplier)) on location attribute '\(first)': the result depends on where each view's coordinates start; Auto Layout's guide allows only 1 on locations",
          at: multiplierLocation, path: path)
      }
    } else if !attribute.isSize {
      let constant = fmt(spec.constant.base)
      sink.error("location-constant", 
        "cannot set location attribute '\(first)' to a constant; relate it to another anchor, e.g. '\(first) \(spec.relation.rawValue) root.\(attribute.rawValue) + \(constant)'",
        at: first.location, path: path)
    }

    // Constants: finite, in range, and never negative for a width or height on its own.
    let constants = ([spec.constant.base] + spec.constant.variations.map(\.value)).enumerated().map {
      ($0.element, draft.constantLocations?.location($0.offset) ?? spec.location)
    }
    for (value, location) in constants {
      if !value.isFinite || abs(value) > limits.maxMagnitude {
        sink.error("out-of-range", 
          "constant \(fmtExact(value)) is out of range; point values must be within ±\(fmt(limits.maxMagnitude)) (ReaderLimits.maxMagnitude)",
          at: location, path: path)
      } else if spec.second == nil, attribute.isSize, value < 0 {
        sink.error("negative-size", 
          "a \(attribute.rawValue) cannot be negative (\(fmtExact(value))); use 0 or more", at: location, path: path)
      }
    }

    let priorities = ([spec.priority.base] + spec.priority.variations.map(\.value)).enumerated().map {
      ($0.element, draft.priorityLocations?.location($0.offset) ?? spec.location)
    }
    for (value, location) in priorities {
      values.checkPriority(value, at: location, path: path)
    }
  }
}
