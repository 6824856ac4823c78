import TrellisModel
import TrellisSupport
import TrellisText

/// Finds drawn labels and buttons whose text is not all shown: squeezed below the size their
/// text needs, or cut by `numberOfLines`. Each is a warning with code `text-truncated`
/// (kind ``Diagnostic/Kind/text``): the layout is valid, but UIKit would show "…" or lose lines.
enum TextChecks {
  /// At most this many views are reported one by one; one more warning counts the rest.
  static let maxDiagnostics = 50

  static func truncation(_ views: [LayoutResult.ViewFrame], _ resolved: ResolvedLayout) -> [Diagnostic] {
    var found: [Diagnostic] = []
    var more = 0
    // Only the text views (found at resolution).
    for index in resolved.textViews where index < views.count {
      // A button with no title is still sized as one (TextMetrics.buttonMinimumWidth wide, a
      // line tall): it has no text to cut.
      guard !views[index].isEffectivelyHidden, let content = resolved.views[index].textLayout,
        !(resolved.views[index].text ?? "").isEmpty,
        let cut = cut(
          views[index].frame, width: content.neededSize?.width ?? resolved.views[index].intrinsicWidth,
          height: content.neededSize?.height ?? resolved.views[index].intrinsicHeight,
          lines: resolved.views[index].numberOfLines, content)
      else { continue }
      if found.count == maxDiagnostics {
        more += 1
        continue
      }
      // Copied and worded only for a reported one: a view is large, and a big layout may cut many texts.
      let view = resolved.views[index]
      let noun = view.kind == .button ? "Button" : "Label"
      var diagnostic = Diagnostic(
        .warning, "\(noun) '\(view.id)' \(cut.reason): UIKit would not show all of its text.", code: "text-truncated",
        at: view.location, kind: .text, environment: resolved.environment)
      diagnostic.subject = view.id
      found.append(diagnostic)
    }
    if more > 0 {
      found.append(
        Diagnostic(
          .warning, "\(more) more labels and buttons do not show all of their text.", code: "text-truncated",
          kind: .text, environment: resolved.environment))
    }
    return found
  }

  /// Why a view's text is not all shown: what a reported one's message says.
  private enum Cut {
    case narrow(width: Double, needed: Double)
    case low(height: Double, needed: Double)
    case lineLimit(Int)
    case cannotShow(width: Double)

    var reason: String {
      switch self {
      case .narrow(let width, let needed): return "is \(fmt(width)) pt wide where its text needs \(fmt(needed))"
      case .low(let height, let needed): return "is \(fmt(height)) pt tall where its text needs \(fmt(needed))"
      case .lineLimit(let lines):
        return "shows at most \(lines) line\(lines == 1 ? "" : "s") (numberOfLines) and its text needs more"
      case .cannotShow(let width): return "cannot show its text in \(fmt(width)) pt"
      }
    }
  }

  /// Why the view's text is not all shown in `frame`, or nil when it is.
  private static func cut(_ frame: Rect, width: Double?, height: Double?, lines: Int, _ content: ResolvedText) -> Cut? {
    func short(_ needed: Double, _ actual: Double) -> Bool {
      actual.isFinite && needed.isFinite && actual < needed - EngineTolerance.textShortfall * max(1, abs(needed))
    }
    // A wrapping view's lines are already fitted to its width; only its height can cut them.
    if !content.wraps, let needed = width, short(needed, frame.width) {
      return .narrow(width: frame.width, needed: needed)
    }
    if let needed = height, short(needed, frame.height) {
      return .low(height: frame.height, needed: needed)
    }
    if content.isTruncated {
      return lines > 0 ? .lineLimit(lines) : .cannotShow(width: frame.width)
    }
    return nil
  }

  /// Per view naming a font neither the typesetter's library nor ``IOSFonts`` has, a warning
  /// (the system font stood in; nothing without a library, where such a font is the metric by
  /// design); and per font iOS ships that is measured approximately (the library lacks it and
  /// no metric-compatible font gives its widths), a note on the first view in it.
  static func fonts(_ resolved: ResolvedLayout, _ typesetter: Typesetter) -> [Diagnostic] {
    var found: [Diagnostic] = []
    var noted: Set<String> = []
    // Only the text views, read by index: iterating the views copied each one, with its dozen
    // references, on every layout.
    for index in resolved.textViews {
      guard let content = resolved.views[index].textLayout, let name = content.fontName,
        !typesetter.hasFont(named: name)
      else { continue }
      let view = resolved.views[index]
      guard found.count < maxDiagnostics else { break }
      if IOSFonts.face(named: name, weight: content.fontWeight) != nil {
        guard !noted.contains(name),
          let approximation = typesetter.approximation(ofFontNamed: name, weight: content.fontWeight)
        else { continue }
        noted.insert(name)
        found.append(
          Diagnostic(
            .note,
            "Font '\(name)' of '\(view.id)' (and any other view in it) is measured from the metrics Trellis carries "
              + "for the fonts iOS ships, approximately: \(approximation). For exact widths add the font's file"
              + (IOSFonts.face(named: name, weight: content.fontWeight)?.metricCompatibleFamily.map {
                ", or \($0), which has its widths,"
              } ?? "") + " to the fonts directory.",
            code: "text-approximate-font", at: view.location, kind: .text, environment: resolved.environment))
      } else if typesetter.fonts != nil {
        found.append(
          Diagnostic(
            .warning,
            "Font '\(name)' of '\(view.id)' is not among the fonts given; the system font stands in. Add its file to "
              + "the fonts directory, or check the name (PostScript, full or family name).",
            code: "font-not-found", at: view.location, kind: .text, environment: resolved.environment))
      }
    }
    return found
  }
}
