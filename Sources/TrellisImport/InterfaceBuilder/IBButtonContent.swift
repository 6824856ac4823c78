import TrellisModel
import TrellisSupport

// A button's content as UIKit sizes it: its title, its image and its content edge insets
// (docs/import.md, "Buttons: title, image and insets").

extension SceneImporter {
  /// The normal state's image of a `<button>`: its name, whether it is an SF Symbol
  /// (`catalog="system"`), and its size in points when the file's `<resources>` give it (a
  /// symbol's entry there is only its aspect ratio, scaled to 128: not a size).
  struct ButtonImage {
    var name: String
    var isSymbol: Bool
    var size: Size?
  }

  func buttonImage(_ element: XMLElementNode) -> ButtonImage? {
    let normal = element.children(named: "state").first { $0["key"] == "normal" }
    guard let normal else { return nil }
    let name = normal["image"] ?? normal.child(named: "imageReference", key: "image")?["image"]
    guard let name, !name.isEmpty else { return nil }
    let isSymbol =
      normal["catalog"] == "system" || normal.child(named: "imageReference", key: "image")?["catalog"] == "system"
    return ButtonImage(name: name, isSymbol: isSymbol, size: isSymbol ? nil : document.imageSizes[name])
  }

  /// A system button's own padding around its title where the file gives no content insets: 6
  /// above and below, none at the sides. Stored frames: the titled buttons whose width nothing
  /// but their title decides are stored as wide as the title, rounded up to whole points, or 30
  /// (docs/uikit-research.md §4); the layout format's default (8 at the sides) is not UIKit's.
  static let builtInButtonPadding = EdgeInsets(top: 6, left: 0, bottom: 6, right: 0)

  /// `<inset key="contentEdgeInsets">`: UIKit pads a button's content by these insets *instead
  /// of* its built-in padding (``builtInButtonPadding``), not in addition to it: Simplenote's
  /// SPRatingsPromptView (14-pt titles, insets 6 and 16) stores its buttons 29 tall (17 + 6 + 6),
  /// not 41 with the built-in 6 and 6 added as well.
  func explicitContentInsets(_ element: XMLElementNode) -> EdgeInsets? {
    guard let inset = element.child(named: "inset", key: "contentEdgeInsets") else { return nil }
    return EdgeInsets(
      top: IBValues.number(inset["minY"]) ?? 0, left: IBValues.number(inset["minX"]) ?? 0,
      bottom: IBValues.number(inset["maxY"]) ?? 0, right: IBValues.number(inset["maxX"]) ?? 0)
  }

  /// A button's intrinsic size from its content, on the axes the content decides:
  /// - an image and no title: the image's size plus the explicit content insets (no built-in
  ///   padding and no 30-pt minimum: the image buttons whose size no constraint sets in the
  ///   evidence files are stored at the image's size, all widths and most heights;
  ///   docs/import.md has the counts);
  /// - an image and a title: the title is measured (by Trellis, where the stored size is not
  ///   used) after the image, so the image's width joins the left inset;
  /// - an SF Symbol: its size depends on the symbol's own metrics, which Trellis does not have;
  ///   the stored size stands in on every axis, with a warning where that size is a stack's share
  ///   rather than the content's.
  /// Returns the axes it decided.
  mutating func applyButtonContent(
    _ node: inout ViewNode, _ element: XMLElementNode, frame: Rect, decided: Set<StackAxis>, sink: inout ImportSink
  ) -> (width: Bool, height: Bool) {
    let image = buttonImage(element)
    let hasTitle = !(node.text?.base ?? "").isEmpty
    let explicit = explicitContentInsets(element)
    if let explicit {
      node.contentInsets = explicit
    } else if element.child(named: "buttonConfiguration", key: "configuration") == nil {
      node.contentInsets = Self.builtInButtonPadding
    }
    guard let image else { return (false, false) }
    guard let size = image.size else {
      if !decided.isEmpty || intrinsic == .fonts {
        sink.warning(
          "ib-approximate",
          "'\(node.id)' shows \(image.isSymbol ? "the SF Symbol" : "the image") '\(image.name)', whose size "
            + "\(image.isSymbol ? "depends on the symbol's metrics, which Trellis does not have" : "the file does not give")"
            + ": its stored size stands in for its content", at: element.location)
      }
      node.intrinsicWidth = frame.width
      node.intrinsicHeight = frame.height
      return (true, true)
    }
    let insets = explicit ?? .zero
    // With `--intrinsic stored`, the stored size stays wherever it is not a stack's share: it is
    // exact on the stored device, where the rule below misses a few heights.
    if intrinsic == .stored && decided.isEmpty { return (false, false) }
    if !hasTitle {
      node.intrinsicWidth = size.width + insets.left + insets.right
      node.intrinsicHeight = size.height + insets.top + insets.bottom
      return (true, true)
    }
    var withImage = node.contentInsets
    withImage.left += size.width
    node.contentInsets = withImage
    return (false, false)
  }
}
