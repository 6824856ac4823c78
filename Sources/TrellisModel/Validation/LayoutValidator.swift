import TrellisSupport

/// The semantic rules every ``LayoutDocument`` must pass, whatever made it: the JSON reader, an
/// Interface Builder importer, or Swift code. It reads only the document (with the
/// ``ValueOrigins`` a front end recorded), never a file format, so every front end gets the
/// same checks and the same messages.
///
/// Rules: view ids (present, well-formed, not reserved, unique) and constraint ids (well-formed,
/// unique); layout guides have no children; constraints name existing views or the root's
/// guides, relate compatible attributes (Auto Layout Guide, "Anatomy of a Constraint"), and
/// have numbers in range; view values (font sizes, intrinsic sizes, margins, insets, spacing,
/// hugging and compression priorities, line counts) are in range; a width-only and a
/// height-only variation that both match a size class with different values are pointed out.
public struct LayoutValidator: Sendable {
  /// The largest magnitude of a point value, constant or multiplier.
  public var maxMagnitude: Double
  /// Whether a multiplier other than 1 on a location attribute is warned about
  /// (`location-multiplier`): a layout file's author is told that its result depends on where
  /// coordinates start; a front end whose format has such constraints (Interface Builder's
  /// `centerX = 0.5 × superview.centerX`) turns it off.
  public var warnsOfLocationMultipliers: Bool

  /// - Parameters:
  ///   - maxMagnitude: the largest magnitude of a point value, constant or multiplier.
  ///   - warnsOfLocationMultipliers: whether a multiplier on a location attribute is warned about.
  public init(maxMagnitude: Double = 1_000_000, warnsOfLocationMultipliers: Bool = true) {
    self.maxMagnitude = maxMagnitude
    self.warnsOfLocationMultipliers = warnsOfLocationMultipliers
  }

  /// Every problem of `document`, in document order (views, then constraints).
  public func validate(_ document: LayoutDocument) -> [Diagnostic] {
    var run = Run(validator: self, document: document)
    run.checkViews()
    run.checkConstraints()
    return run.found
  }

  /// One validation: what was found so far and the views by id.
  private struct Run {
    let validator: LayoutValidator
    let document: LayoutDocument
    var found: [Diagnostic] = []
    /// Valid view ids → kind and where the id was written (lookups only).
    var views: [String: (kind: ViewKind, location: SourceLocation?)] = [:]
    var viewOrder: [String] = []

    init(validator: LayoutValidator, document: LayoutDocument) {
      self.validator = validator
      self.document = document
    }

    mutating func error(
      _ code: Diagnostic.Code, _ message: String, at location: SourceLocation?, path: String?,
      notes: [Diagnostic.Note] = []
    ) {
      found.append(Diagnostic(.error, message, code: code, at: location, path: path, notes: notes))
    }

    mutating func warning(_ code: Diagnostic.Code, _ message: String, at location: SourceLocation?, path: String?) {
      found.append(Diagnostic(.warning, message, code: code, at: location, path: path))
    }

    // MARK: Views

    mutating func checkViews() {
      let rootID = document.root.id
      let allIDs = Set(document.allViews.map(\.id))
      for view in document.allViews {
        for suppression in view.suppressions {
          if let other = suppression.other, !allIDs.contains(other) {
            error(
              "unknown-view",
              "the suppression '\(suppression.code):\(other)' names no view\(DidYouMean.hint(for: other, among: Array(allIDs)))",
              at: suppression.location, path: view.path.map { $0 + ".suppress" })
          }
        }
        let isRoot = view.id == rootID && view.location == document.root.location && view.path == document.root.path
        checkID(view, isRoot: isRoot)
        if view.kind == .guide, !view.children.isEmpty {
          let origin = view.origins.origin("children")
          error(
            "guide-children",
            "a layout guide cannot have children; make it a \"view\" or move the children to its parent",
            at: origin?.location ?? view.location, path: origin?.path ?? view.path)
        }
        checkValues(of: view)
      }
    }

    private mutating func checkID(_ view: ViewNode, isRoot: Bool) {
      let id = view.id
      if view.origins.has(ValueOrigins.unreadable("id")) { return }
      let written = view.origins.origin("id")
      if isRoot, id.isEmpty, written == nil { return }
      if written == nil, !isRoot, id.isEmpty {
        error(
          "missing-id", "this view has no \"id\"; every view except the root needs a unique id", at: view.location,
          path: view.path)
        return
      }
      // A document built in code records no origins: point at the view.
      let origin = written ?? ValueOrigins.Origin(location: view.location, path: view.path)
      let location = origin.location ?? view.location
      let scalars = Array(id.unicodeScalars)
      if scalars.isEmpty {
        error("invalid-id", "a view id cannot be empty", at: location, path: origin.path)
        return
      }
      if let bad = scalars.indices.first(where: { index in
        let scalar = scalars[index]
        let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
        return index == 0 ? !isLetter : !(isLetter || (scalar >= "0" && scalar <= "9"))
      }) {
        error(
          "invalid-id", "invalid view id '\(id)': ids are letters, digits and '_', and do not start with a digit",
          at: written == nil ? location : origin.location(ofScalar: bad, in: id) ?? location, path: origin.path)
        return
      }
      switch id {
      case "safeArea":
        error(
          "reserved-id", "'safeArea' is reserved for the root's safe-area guide; choose another id", at: location,
          path: origin.path)
        return
      case "margins":
        error(
          "reserved-id", "'margins' is reserved for the root's margins guide; choose another id", at: location,
          path: origin.path)
        return
      case LayoutItem.rootName where !isRoot:
        error("reserved-id", "'root' always names the root view; choose another id", at: location, path: origin.path)
        return
      default:
        break
      }
      if let first = views[id] {
        error(
          "duplicate-id", "duplicate view id '\(id)'; each view needs its own id", at: location, path: origin.path,
          notes: [Diagnostic.Note("'\(id)' is first used here", at: first.location)])
        return
      }
      register(id, kind: view.kind, at: location)
    }

    private mutating func register(_ id: String, kind: ViewKind, at location: SourceLocation?) {
      guard !id.isEmpty, views[id] == nil else { return }
      views[id] = (kind, location)
      viewOrder.append(id)
    }

    /// Numbers in range; the properties of a view's kind only.
    private mutating func checkValues(of view: ViewNode) {
      func origin(_ property: String, _ index: Int = 0) -> (SourceLocation?, String?) {
        // `hugging.horizontal`, else where the whole `hugging` value was written.
        let whole = property.split(separator: ".").first.map(String.init) ?? property
        let found = view.origins.origin(property, index) ?? view.origins.origin(whole, index)
        return (found?.location ?? view.location, found?.path ?? view.path)
      }
      // Font sizes: positive and in range, for every size-class value.
      if view.kind == .label || view.kind == .button {
        for (index, size) in values(of: view.fontSize).enumerated() {
          if checkPoints(size, for: "\"fontSize\"", at: origin("fontSize", index), allowNegative: true), size <= 0 {
            let (location, path) = origin("fontSize", index)
            error("out-of-range", "\"fontSize\" must be greater than 0 (found \(fmt(size)))", at: location, path: path)
          }
        }
        if view.numberOfLines < 0 {
          let (location, path) = origin("numberOfLines")
          error(
            "out-of-range", "\"numberOfLines\" must be 0 (no limit) or more (found \(view.numberOfLines))",
            at: location, path: path)
        }
      }
      // Values that may vary per size class: every class's value is checked. Where the front
      // end recorded no origin for a part, the view's own location is used.
      for (index, size) in values(of: view.intrinsicSizeByClass).enumerated() {
        if let width = size.width {
          checkPoints(width, for: "the intrinsic width", at: origin("intrinsicSize.width", index), allowNegative: false)
        }
        if let height = size.height {
          checkPoints(
            height, for: "the intrinsic height", at: origin("intrinsicSize.height", index), allowNegative: false)
        }
      }
      for (property, varying) in [
        ("layoutMargins", view.layoutMarginsByClass), ("contentInsets", view.contentInsetsByClass),
      ] {
        for (index, insets) in values(of: varying).enumerated() {
          for (side, value) in [
            ("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right),
          ] {
            checkPoints(value, for: "\"\(side)\"", at: origin("\(property).\(side)", index), allowNegative: true)
          }
        }
      }
      for (property, varying) in [
        ("hugging", view.huggingByClass), ("compressionResistance", view.compressionResistanceByClass),
      ] {
        for (index, values) in values(of: varying).enumerated() {
          // Where the values are fine nothing is reported, and where they were written is not needed.
          if isPriority(values.horizontal) && isPriority(values.vertical) { continue }
          let horizontal = origin("\(property).horizontal", index)
          let vertical = origin("\(property).vertical", index)
          checkPriority(values.horizontal, at: horizontal)
          // One value written for both axes is reported once.
          if values.vertical != values.horizontal || vertical.0 != horizontal.0 || vertical.1 != horizontal.1 {
            checkPriority(values.vertical, at: vertical)
          }
        }
      }
      if let stack = view.stack {
        for (index, spacing) in self.values(of: stack.spacing).enumerated() {
          checkPoints(spacing, for: "\"spacing\"", at: origin("spacing", index), allowNegative: true)
        }
      }
      checkOverlaps(view.hidden, "hidden", view.origins)
      if let text = view.text { checkOverlaps(text, "text", view.origins) }
      checkOverlaps(view.fontSize, "fontSize", view.origins)
      if let name = view.fontName { checkOverlaps(name, "fontName", view.origins) }
      if let weight = view.fontWeight { checkOverlaps(weight, "fontWeight", view.origins) }
      if let style = view.textStyle { checkOverlaps(style, "textStyle", view.origins) }
      if let stack = view.stack {
        checkOverlaps(stack.axis, "axis", view.origins)
        checkOverlaps(stack.distribution, "distribution", view.origins)
        checkOverlaps(stack.alignment, "alignment", view.origins)
        checkOverlaps(stack.spacing, "spacing", view.origins)
      }
    }

    // MARK: Constraints

    mutating func checkConstraints() {
      var ids: [String: SourceLocation?] = [:]
      for spec in document.constraints {
        checkID(spec, &ids)
        check(spec)
        checkOverlaps(spec.constant, "constant", spec.origins)
        checkOverlaps(spec.priority, "priority", spec.origins)
        checkOverlaps(spec.installed, "installed", spec.origins)
      }
    }

    /// A user-given id (one with a recorded origin) is `[A-Za-z_][A-Za-z0-9_-]*`; a Visual
    /// Format string's constraints get `id#N`, checked on `id`. Every id is unique.
    private mutating func checkID(_ spec: ConstraintSpec, _ ids: inout [String: SourceLocation?]) {
      let origin = spec.origins.origin("id")
      let location = origin?.location ?? spec.location
      if let origin {
        let written = origin.writtenText ?? spec.id
        let scalars = Array(written.unicodeScalars)
        let bad = scalars.indices.first { index in
          let scalar = scalars[index]
          let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
          return index == 0 ? !isLetter : !(isLetter || (scalar >= "0" && scalar <= "9") || scalar == "-")
        }
        if scalars.isEmpty || bad != nil {
          error(
            "invalid-id",
            "invalid constraint id '\(written)': ids are letters, digits, '_' and '-', and start with a letter or '_'",
            at: origin.location(ofScalar: bad ?? 0, in: written) ?? location, path: origin.path)
          return
        }
      }
      if let first = ids[spec.id] {
        error(
          "duplicate-id", "duplicate constraint id '\(spec.id)'", at: location, path: origin?.path ?? spec.path,
          notes: [Diagnostic.Note("'\(spec.id)' is first used here", at: first)])
        return
      }
      ids[spec.id] = location
    }

    /// The root's guides, usable as constraint items.
    static let guideNames = ["safeArea", "margins"]

    /// Attributes a layout guide has: edges, centers and size (no baselines, no margins).
    static func guideHas(_ attribute: LayoutAttribute) -> Bool {
      switch attribute {
      case .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY: return true
      default: return false
      }
    }

    /// The checks every constraint passes, whatever form it was written in.
    private mutating func check(_ spec: ConstraintSpec) {
      let path = spec.path
      let rootID = document.root.id
      let anchors = [spec.first] + (spec.second.map { [$0] } ?? [])
      for anchor in anchors {
        // `root` names the root whatever its id.
        let viewID = anchor.item.resolvingRoot(rootID).viewID
        let viewKind = viewID.flatMap { views[$0]?.kind }
        let scrollGuide =
          ScrollLayout.isScrollGuide(anchor.item) || ViewSafeArea.isGuide(anchor.item)
          || KeyboardGuide.isGuide(anchor.item)
        let isGuide = anchor.item.isRootGuide || viewKind == .guide || scrollGuide
        if scrollGuide, let problem = viewGuideProblem(anchor.item, rootID: rootID) {
          error("unknown-view", problem, at: anchor.location, path: path)
        } else if !anchor.item.isRootGuide, !scrollGuide, viewKind == nil {
          let candidates = viewOrder + Self.guideNames + (rootID == LayoutItem.rootName ? [] : [LayoutItem.rootName])
          let name = anchor.item.description
          error(
            "unknown-view", "unknown view '\(name)'\(DidYouMean.hint(for: name, among: candidates))",
            at: anchor.location, path: path)
        } else if isGuide, !Self.guideHas(anchor.attribute) {
          error(
            "unknown-attribute",
            "layout guide '\(anchor.item)' has no \(anchor.attribute.rawValue) attribute; guides have edges, centers, width and height",
            at: anchor.location, path: path)
        }
      }

      let first = spec.first
      let attribute = first.attribute
      if let second = spec.second {
        let other = second.attribute
        if first.item == second.item, attribute == other {
          error(
            "self-constraint", "'\(first)' is constrained to itself; relate it to another anchor", at: second.location,
            path: path)
        } else if attribute.isSize != other.isSize {
          let (size, location) = attribute.isSize ? (first, second) : (second, first)
          error(
            "incompatible-attributes",
            "cannot constrain a size attribute ('\(size)') to a location attribute ('\(location)')",
            at: second.location,
            path: path)
        } else if !attribute.isSize, attribute.axis != other.axis {
          let (horizontal, vertical) = attribute.axis == .horizontal ? (first, second) : (second, first)
          error(
            "incompatible-attributes",
            "cannot constrain a horizontal attribute ('\(horizontal)') to a vertical attribute ('\(vertical)')",
            at: second.location, path: path)
        } else if (attribute.isDirectional && other.isAbsoluteHorizontal)
          || (attribute.isAbsoluteHorizontal && other.isDirectional)
        {
          let (directional, absolute) = attribute.isDirectional ? (first, second) : (second, first)
          error(
            "incompatible-attributes",
            "cannot constrain leading/trailing ('\(directional)') to left/right ('\(absolute)'); use leading/trailing on both sides, or left/right on both",
            at: second.location, path: path)
        }

        let multiplierLocation = spec.origins.origin("multiplier")?.location ?? spec.location
        if !spec.multiplier.isFinite || spec.multiplier == 0 {
          error(
            "invalid-multiplier", "the multiplier must be a finite number other than 0 (found \(fmt(spec.multiplier)))",
            at: multiplierLocation, path: path)
        } else if abs(spec.multiplier) > validator.maxMagnitude {
          error(
            "out-of-range",
            "multiplier \(fmtExact(spec.multiplier)) is out of range; use at most \(fmt(validator.maxMagnitude)), the reader's limit",
            at: multiplierLocation, path: path)
        } else if validator.warnsOfLocationMultipliers, !attribute.isSize, !other.isSize, spec.multiplier != 1 {
          warning(
            "location-multiplier",
            "multiplier \(fmt(spec.multiplier)) on location attribute '\(first)': the result depends on where each view's coordinates start; Auto Layout's guide allows only 1 on locations",
            at: multiplierLocation, path: path)
        }
      } else if !attribute.isSize {
        let constant = fmt(spec.constant.base)
        error(
          "location-constant",
          "cannot set location attribute '\(first)' to a constant; relate it to another anchor, e.g. '\(first) \(spec.relation.rawValue) root.\(attribute.rawValue) + \(constant)'",
          at: first.location, path: path)
      }

      // Constants: finite, in range, and never negative for a width or height on its own.
      for (index, value) in values(of: spec.constant).enumerated() {
        var location: SourceLocation? { spec.origins.origin("constant", index)?.location ?? spec.location }
        if !value.isFinite || abs(value) > validator.maxMagnitude {
          error(
            "out-of-range",
            "constant \(fmtExact(value)) is out of range; point values must be within ±\(fmt(validator.maxMagnitude)), the reader's limit",
            at: location, path: path)
        } else if spec.second == nil, attribute.isSize, value < 0 {
          error(
            "negative-size", "a \(attribute.rawValue) cannot be negative (\(fmtExact(value))); use 0 or more",
            at: location, path: path)
        }
      }
      for (index, value) in values(of: spec.priority).enumerated() {
        var origin: (SourceLocation?, String?) {
          let found = spec.origins.origin("priority", index)
          return (found?.location ?? spec.location, found?.path ?? path)
        }
        checkPriority(value, at: origin)
      }
    }

    /// What is wrong with naming `owner.contentLayoutGuide` / `owner.frameLayoutGuide` /
    /// `owner.safeAreaLayoutGuide`, if anything.
    private func viewGuideProblem(_ item: LayoutItem, rootID: String) -> String? {
      guard case .generated(let owner, let name) = item else { return nil }
      let safeArea = name == ViewSafeArea.name
      let written =
        safeArea
        ? ViewSafeArea.fileName
        : name == KeyboardGuide.name
          ? KeyboardGuide.fileName : name == "content" ? "contentLayoutGuide" : "frameLayoutGuide"
      // `root` stands for the root's id only before an attribute; a guide needs the real id.
      if owner == LayoutItem.rootName, rootID != LayoutItem.rootName {
        return "write the root's id, '\(rootID).\(written)', for the root's guide"
      }
      if name == KeyboardGuide.name, views[owner] != nil, owner != rootID, owner != LayoutItem.rootName {
        return
          "only the root's \(written) is laid out (the keyboard's overlap with other views is not modelled); write '\(rootID).\(written)'"
      }
      switch views[owner]?.kind {
      case _? where name == KeyboardGuide.name: return nil
      case .guide? where safeArea:
        return "'\(owner)' is a layout guide, which has no \(written); name a view's, or 'safeArea' for the root's"
      case _? where safeArea: return nil
      case .scroll?: return nil
      case nil:
        return "unknown view '\(owner)'\(DidYouMean.hint(for: owner, among: viewOrder)) (before '.\(written)')"
      case let kind?:
        let article = kind == .image ? "an image" : "a \(kind.rawValue)"
        return "'\(owner)' is \(article), not a scroll view; only scroll views have a \(written)"
      }
    }

    // MARK: Shared rules

    /// The base value, then each variation's.
    func values<T>(of varying: Varying<T>) -> [T] { [varying.base] + varying.variations.map(\.value) }

    /// A point value within ±maxMagnitude, and not negative where that is not allowed.
    /// `origin` (where the value was written, and its JSON path) is worked out only for a report:
    /// a view's origins are looked up by name, too dear to do for every value of a large file.
    @discardableResult
    private mutating func checkPoints(
      _ value: Double, for name: String, at origin: @autoclosure () -> (SourceLocation?, String?),
      allowNegative: Bool
    ) -> Bool {
      if !value.isFinite || abs(value) > validator.maxMagnitude {
        let (location, path) = origin()
        error(
          "out-of-range",
          "\(fmtExact(value)) is out of range for \(name); point values must be within ±\(fmt(validator.maxMagnitude)), the reader's limit",
          at: location, path: path)
        return false
      }
      if !allowNegative, value < 0 {
        let (location, path) = origin()
        error("out-of-range", "\(name) must not be negative (found \(fmt(value)))", at: location, path: path)
        return false
      }
      return true
    }

    private func isPriority(_ value: Double) -> Bool { value >= 1 && value <= 1000 }

    /// A priority in 1…1000. (Every optional value below 1000 is usable: the container's size
    /// is required, so no band is reserved for it.)
    private mutating func checkPriority(_ value: Double, at origin: @autoclosure () -> (SourceLocation?, String?)) {
      if !isPriority(value) {
        let (location, path) = origin()
        error(
          "out-of-range", "priority \(fmtExact(value)) is out of range; use 1…1000 (1000 = required)", at: location,
          path: path)
      }
    }

    /// Where a width-only and a height-only variation overlap with different values, the width
    /// one wins (TraitPattern's precedence): say so, at the height-only one.
    private mutating func checkOverlaps<T: Equatable>(
      _ varying: Varying<T>, _ property: String, _ origins: ValueOrigins
    ) {
      let variations = varying.variations
      for widthOnly in variations where widthOnly.pattern.precedence == 2 {
        for (index, heightOnly) in variations.enumerated()
        where heightOnly.pattern.precedence == 1 && heightOnly.value != widthOnly.value {
          let both = TraitPattern(horizontal: widthOnly.pattern.horizontal, vertical: heightOnly.pattern.vertical)
          guard !variations.contains(where: { $0.pattern == both }) else { continue }
          warning(
            "overlapping-variations",
            "'\(widthOnly.pattern)' and '\(heightOnly.pattern)' both match \(both) with different values; '\(widthOnly.pattern)' wins there (add a \"\(both)\" entry to choose)",
            at: heightOnly.location, path: origins.origin(property, index + 1)?.path)
        }
      }
    }
  }
}
