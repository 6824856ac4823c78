import TrellisModel
import TrellisSupport

/// The stable JSON document of one solved layout (`trellis solve --format json`).
///
/// Keys, always all present and in this order (`null` where absent):
/// `layout`, `device`, `orientation`, `traits {horizontal, vertical}`, `container {width, height}`,
/// `scale`, `safeArea {top, left, bottom, right}` (the environment's insets), `views [{id, kind,
/// parent, frame {x, y, width, height}, hidden}]` (document order, frames in root coordinates,
/// `hidden` the view's own flag), `scrollViews [{id, frame, contentSize {width, height}, contentFrame,
/// contentOffset {x, y}, zoomScale, adjustedContentInset {top, left, bottom, right}}]` (document
/// order; `contentFrame` in root coordinates at the offset), `diagnostics` (each in the JSON form
/// of docs/diagnostics.md).
package enum LayoutJSON {
  /// The document as a value, for embedding in larger documents.
  ///
  /// - Parameter layout: the layout file as named on the command line, if any.
  package static func value(_ result: LayoutResult, layout: String?) -> JSONValue {
    let environment = result.environment
    return .object([
      "layout": .optional(layout),
      "device": .optional(environment.deviceName),
      "orientation": .optional(environment.orientation?.rawValue),
      "traits": .object([
        "horizontal": .string(environment.traits.horizontal.rawValue),
        "vertical": .string(environment.traits.vertical.rawValue),
      ]),
      "container": .object([
        "width": .number(environment.containerSize.width), "height": .number(environment.containerSize.height),
      ]),
      "scale": .number(environment.scale),
      "safeArea": .object([
        "top": .number(environment.safeAreaInsets.top), "left": .number(environment.safeAreaInsets.left),
        "bottom": .number(environment.safeAreaInsets.bottom), "right": .number(environment.safeAreaInsets.right),
      ]),
      "views": .array(result.views.map(view)),
      "scrollViews": .array(result.scrollViews.map(scrollView)),
      "diagnostics": .array(result.diagnostics.map(diagnostic)),
      "cell": cell(result),
    ])
  }

  /// For a cell's layout: its host's width, whether the height was fitted, the content view's
  /// height (the row's); `null` for a screen.
  static func cell(_ result: LayoutResult) -> JSONValue {
    guard let cell = result.environment.cell, let rowHeight = result.cellHeight else { return .null }
    return .object([
      "hostWidth": .number(cell.hostWidth), "fittedHeight": .bool(cell.fitsHeight),
      "rowHeight": .number(rowHeight),
    ])
  }

  /// The document pretty-printed, ending in a newline.
  package static func render(_ result: LayoutResult, layout: String?) -> String {
    value(result, layout: layout).prettyPrinted()
  }

  static func view(_ view: LayoutResult.ViewFrame) -> JSONValue {
    .object([
      "id": .string(view.id),
      "kind": .string(view.kind.rawValue),
      "parent": .optional(view.parent),
      "frame": .object([
        "x": .number(view.frame.x), "y": .number(view.frame.y), "width": .number(view.frame.width),
        "height": .number(view.frame.height),
      ]),
      "hidden": .bool(view.hidden),
    ])
  }

  static func rect(_ r: Rect) -> JSONValue {
    .object(["x": .number(r.x), "y": .number(r.y), "width": .number(r.width), "height": .number(r.height)])
  }

  static func scrollView(_ state: ScrollState) -> JSONValue {
    let inset = state.adjustedContentInset
    return .object([
      "id": .string(state.id),
      "frame": rect(state.frame),
      "contentSize": .object(["width": .number(state.contentSize.width), "height": .number(state.contentSize.height)]),
      "contentFrame": rect(state.contentFrame),
      "contentOffset": .object(["x": .number(state.contentOffset.x), "y": .number(state.contentOffset.y)]),
      "zoomScale": .number(state.zoomScale),
      "adjustedContentInset": .object([
        "top": .number(inset.top), "left": .number(inset.left), "bottom": .number(inset.bottom),
        "right": .number(inset.right),
      ]),
    ])
  }

  /// One diagnostic, in the documented JSON form (``DiagnosticRenderer/jsonValue(_:)``).
  package static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue { DiagnosticRenderer.jsonValue(diagnostic) }

}
