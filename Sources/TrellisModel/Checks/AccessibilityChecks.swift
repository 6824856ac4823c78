import TrellisSupport

/// Accessibility checks of a solved layout, run with the ``DesignChecks``: tap targets smaller
/// than Apple's minimum (`tap-target-small`), tap targets that overlap (`tap-target-overlap`), and
/// text set smaller than the minimum legible size (`text-too-small`). Each finding is a warning
/// of kind ``Diagnostic/Kind/check`` naming its view (``Diagnostic/subject``), so that a view's
/// `"suppress"` list can allow it; `trellis matrix` and `trellis validate` fail on them.
///
/// The sources of both minimums are in docs/diagnostics.md, "Accessibility checks".
public enum AccessibilityChecks {
  /// The smallest tap target, in points, both ways: Apple's Human Interface Guidelines.
  public static let minimumTapTarget = 44.0
  /// The smallest text size, in points, on iOS and iPadOS: Apple's Human Interface Guidelines.
  public static let minimumTextSize = 11.0
  /// At most this many findings of each check in one environment; one more counts the rest.
  static let maxFindings = 20

  /// The findings for `result`, leaving out what `suppressions` cover (recorded as used).
  /// `drawn` are the views the design checks look at: not hidden, not guides, not the root.
  static func diagnostics(
    for result: LayoutResult, drawn: [LayoutResult.ViewFrame], suppressions: inout Suppressions
  ) -> [Diagnostic] {
    let targets = tapTargets(result, drawn)
    return small(targets, result, &suppressions) + overlapping(targets, result, &suppressions)
      + smallText(result, drawn, &suppressions)
  }

  /// A tap target: a drawn button, and the part of its frame a tap can reach.
  struct Target {
    var id: String
    var frame: Rect
    /// The frame cut by every ancestor's frame up to the nearest scroll view (UIKit's
    /// `hitTest(_:with:)` never looks inside a view for a point outside it; a scroll view's
    /// content is reached by scrolling, so its viewport does not cut it).
    var area: Rect
    /// The ancestor that cut it most, when one did.
    var cutBy: String?
  }

  /// The drawn buttons whose reachable area is not empty, in document order (drawing order: a
  /// later one is on top). A button wholly outside its superview or the screen is not one.
  static func tapTargets(_ result: LayoutResult, _ drawn: [LayoutResult.ViewFrame]) -> [Target] {
    var byID: [String: Int] = [:]
    for index in result.views.indices where byID[result.views[index].id] == nil { byID[result.views[index].id] = index }
    var targets: [Target] = []
    for view in drawn where view.kind == .button {
      let frame = view.frame
      guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite else { continue }
      var area = frame
      var cutBy: String?
      var next = view.parent
      var steps = 0
      while let id = next, let index = byID[id], steps <= result.views.count {
        let ancestor = result.views[index]
        if ancestor.kind == .scroll { break }
        let cut = intersection(area, ancestor.frame)
        if cut.width < area.width - DesignChecks.tolerance || cut.height < area.height - DesignChecks.tolerance {
          cutBy = ancestor.parent == nil ? "the screen" : "'\(ancestor.id)'"
        }
        area = cut
        next = ancestor.parent
        steps += 1
      }
      guard area.width > DesignChecks.tolerance, area.height > DesignChecks.tolerance else { continue }
      targets.append(Target(id: view.id, frame: frame, area: area, cutBy: cutBy))
    }
    return targets
  }

  private static func intersection(_ a: Rect, _ b: Rect) -> Rect {
    let minX = max(a.minX, b.minX)
    let minY = max(a.minY, b.minY)
    let maxX = min(a.maxX, b.maxX)
    let maxY = min(a.maxY, b.maxY)
    return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
  }

  private static func location(_ id: String, _ result: LayoutResult) -> SourceLocation? {
    result.resolution?.views.first { $0.id == id }?.location
  }

  private static func size(_ rect: Rect) -> String {
    "\(NumberFormat.short(rect.width))x\(NumberFormat.short(rect.height))"
  }

  private static func finding(
    _ message: String, code: Diagnostic.Code, subject: String, _ result: LayoutResult
  ) -> Diagnostic {
    var diagnostic = Diagnostic(
      .warning, message, code: code, at: location(subject, result), kind: .check, environment: result.environment)
    diagnostic.subject = subject
    return diagnostic
  }

  /// `More: N more …` after ``maxFindings``.
  private static func capped(
    _ found: [Diagnostic], more: Int, _ what: String, code: Diagnostic.Code, _ result: LayoutResult
  ) -> [Diagnostic] {
    guard more > 0 else { return found }
    return found + [
      Diagnostic(.warning, "\(more) more \(what).", code: code, kind: .check, environment: result.environment)
    ]
  }

  private static func small(_ targets: [Target], _ result: LayoutResult, _ suppressions: inout Suppressions)
    -> [Diagnostic]
  {
    let minimum = minimumTapTarget - DesignChecks.tolerance
    var found: [Diagnostic] = []
    var more = 0
    for target in targets where target.area.width < minimum || target.area.height < minimum {
      if !suppressions.all.isEmpty, suppressions.suppresses("tap-target-small", view: target.id) { continue }
      guard found.count < maxFindings else {
        more += 1
        continue
      }
      // Only the sides that fall short: the other one varies with the screen and says nothing.
      let wide = target.area.width < minimum
      let tall = target.area.height < minimum
      let short = [wide ? "wide" : nil, tall ? "tall" : nil].compactMap { $0 }.joined(separator: " and ")
      let reach: String
      switch (wide && tall, target.cutBy) {
      case (true, nil): reach = "is \(size(target.area)) pt"
      case (false, nil):
        reach = "is \(NumberFormat.short(wide ? target.area.width : target.area.height)) pt \(short)"
      case (true, let cut?):
        reach = "can be tapped on \(size(target.area)) pt of its \(size(target.frame)) frame (cut by \(cut))"
      case (false, let cut?):
        let (area, frame) =
          wide ? (target.area.width, target.frame.width) : (target.area.height, target.frame.height)
        reach =
          "can be tapped on \(NumberFormat.short(area)) pt of its \(NumberFormat.short(frame)) pt "
          + (wide ? "width" : "height") + " (cut by \(cut))"
      }
      found.append(
        finding(
          "Button '\(target.id)' \(reach), smaller than the 44x44 pt tap target Apple's Human Interface Guidelines ask "
            + "for: make it at least 44 pt \(short).", code: "tap-target-small", subject: target.id, result))
    }
    return capped(found, more: more, "buttons are smaller than 44x44 pt", code: "tap-target-small", result)
  }

  private static func overlapping(_ targets: [Target], _ result: LayoutResult, _ suppressions: inout Suppressions)
    -> [Diagnostic]
  {
    var found: [Diagnostic] = []
    var more = 0
    for (index, below) in targets.enumerated() {
      for above in targets[(index + 1)...] {
        let width = min(below.area.maxX, above.area.maxX) - max(below.area.minX, above.area.minX)
        let height = min(below.area.maxY, above.area.maxY) - max(below.area.minY, above.area.minY)
        guard width > DesignChecks.tolerance, height > DesignChecks.tolerance else { continue }
        if !suppressions.all.isEmpty,
          suppressions.suppresses("tap-target-overlap", view: below.id, partner: above.id)
        {
          continue
        }
        guard found.count < maxFindings else {
          more += 1
          continue
        }
        found.append(
          finding(
            "Tap targets '\(below.id)' and '\(above.id)' overlap by \(NumberFormat.short(width))x"
              + "\(NumberFormat.short(height)) pt: a tap there reaches only '\(above.id)', drawn on top; move them apart.",
            code: "tap-target-overlap", subject: below.id, result))
      }
    }
    return capped(found, more: more, "pairs of tap targets overlap", code: "tap-target-overlap", result)
  }

  /// Labels and buttons whose text is set below ``minimumTextSize`` in this environment: the
  /// point size the layout resolved, after Dynamic Type (a text style's size at the
  /// environment's content size, or a size scaled with one).
  private static func smallText(
    _ result: LayoutResult, _ drawn: [LayoutResult.ViewFrame], _ suppressions: inout Suppressions
  ) -> [Diagnostic] {
    guard let resolution = result.resolution else { return [] }
    let shown = Set(drawn.lazy.filter { $0.kind == .label || $0.kind == .button }.map(\.id))
    guard !shown.isEmpty else { return [] }
    var found: [Diagnostic] = []
    var more = 0
    // Only the text views, by index: reading a resolved view copies it.
    for index in resolution.textViews {
      let size = resolution.views[index].fontSize
      guard size < minimumTextSize - DesignChecks.tolerance, size.isFinite else { continue }
      let id = resolution.views[index].id
      guard shown.contains(id), !(resolution.views[index].text ?? "").isEmpty else { continue }
      if !suppressions.all.isEmpty, suppressions.suppresses("text-too-small", view: id) { continue }
      guard found.count < maxFindings else {
        more += 1
        continue
      }
      let noun = resolution.views[index].kind == .button ? "Button" : "Label"
      found.append(
        finding(
          "\(noun) '\(id)' sets its text at \(NumberFormat.short(size)) pt, below the 11 pt minimum Apple's Human "
            + "Interface Guidelines give for iOS: use 11 pt or more, or a text style.", code: "text-too-small",
          subject: id, result))
    }
    return capped(found, more: more, "labels and buttons set text below 11 pt", code: "text-too-small", result)
  }
}
