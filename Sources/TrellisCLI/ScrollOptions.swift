import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport

/// `--scroll-offset ID=X,Y` and `--zoom ID=S`: show another part of a scroll view's content.
/// Several scroll views are separated by `;` (`a=0,300;b=0,0`).
enum ScrollOptions {
  static let specs: [OptionSpec] = [
    .value(
      "scroll-offset", valueName: "ID=X,Y",
      help: "Scroll a scroll view to this content offset in points, e.g. scroll=0,300 (several: a=0,300;b=0,0)."),
    .value(
      "zoom", valueName: "ID=S",
      help: "Zoom a scroll view's zoomView to this scale, e.g. scrollView=0.5 (clamped to its minimum and maximum)."),
  ]

  /// Each `ID=value` pair of an option, in order.
  static func pairs(_ text: String, option: String, valueName: String, example: String) throws(UsageError)
    -> [(id: String, value: String)]
  {
    var out: [(id: String, value: String)] = []
    for part in text.split(separator: ";") {
      let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
      guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else {
        throw UsageError(
          "The value '\(text)' is invalid for '--\(option) <\(valueName)>'. Expected a scroll view's id, '=' and a value, e.g. '\(example)'."
        )
      }
      out.append((pieces[0], pieces[1]))
    }
    return out
  }

  /// The offsets and zoom scales asked for, by scroll view id.
  static func overrides(from values: ParsedArguments) throws(UsageError) -> [(
    id: String, offset: Point?, zoom: Double?
  )] {
    var out: [(id: String, offset: Point?, zoom: Double?)] = []
    if let text = values.value("scroll-offset") {
      for (id, value) in try pairs(text, option: "scroll-offset", valueName: "ID=X,Y", example: "scroll=0,300") {
        let numbers = value.split(separator: ",").compactMap { Double($0.trimmingSpaces()) }
        guard numbers.count == 2, numbers.allSatisfy(\.isFinite) else {
          throw UsageError(
            "The value '\(text)' is invalid for '--scroll-offset <ID=X,Y>'. Expected two numbers after '=', e.g. 'scroll=0,300'."
          )
        }
        out.append((id, Point(x: numbers[0], y: numbers[1]), nil))
      }
    }
    if let text = values.value("zoom") {
      for (id, value) in try pairs(text, option: "zoom", valueName: "ID=S", example: "scrollView=0.5") {
        guard let scale = Double(value), scale.isFinite, scale > 0 else {
          throw UsageError(
            "The value '\(text)' is invalid for '--zoom <ID=S>'. Expected a number greater than 0 after '=', e.g. 'scrollView=0.5'."
          )
        }
        out.append((id, nil, scale))
      }
    }
    return out
  }

  /// `document` with the overrides applied; an override naming no scroll view is a runtime error.
  static func apply(_ overrides: [(id: String, offset: Point?, zoom: Double?)], to document: LayoutDocument)
    throws(RuntimeError) -> LayoutDocument
  {
    var out = document
    for override in overrides {
      do {
        out = try out.overridingScroll(override.id, contentOffset: override.offset, zoomScale: override.zoom)
      } catch {
        throw RuntimeError("\(override.offset != nil ? "--scroll-offset" : "--zoom"): \(error)")
      }
    }
    return out
  }
}
