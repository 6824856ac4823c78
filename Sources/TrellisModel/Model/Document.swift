import TrellisText

/// A parsed layout file: a root view with nested views, and constraints.
///
/// Everything that can vary per size class is a ``Varying`` value; the document
/// itself is independent of any environment (``LayoutDocument/resolved(for:)``
/// picks the values for one).
public struct LayoutDocument: Sendable {
  /// The file the document was read from (as given), used in diagnostics.
  public var file: String
  /// An optional title and description from the file.
  public var title: String?
  public var summary: String?
  /// The directory of fonts to measure text with, as the file wrote it (relative to the file's
  /// directory); the command line's `--fonts` wins over it.
  public var fontsDirectory: String?
  /// The root view: it fills the container; its id is usually `root`.
  public var root: ViewNode
  /// Constraints in file order (Visual Format strings already expanded, each keeping the
  /// string's location).
  public var constraints: [ConstraintSpec]
  /// When the layout is a table or collection cell: how it is sized (its root is the cell's
  /// content view); `nil` for a screen.
  public var cell: CellSpec?

  public init(file: String, title: String? = nil, summary: String? = nil, root: ViewNode, constraints: [ConstraintSpec])
  {
    self.file = file
    self.title = title
    self.summary = summary
    self.root = root
    self.constraints = constraints
  }

  /// Visits every view depth first in document order, root first, with its parent's id (nil for
  /// the root); `visit` returns whether to go into the view's subviews. Each view is read where
  /// it is: a list of pending views would copy each one, hundreds of bytes and a dozen
  /// references. An explicit stack of sibling lists rather than recursion: nesting depth comes
  /// from the file.
  package func forEachView(_ visit: (_ node: ViewNode, _ parent: String?) -> Bool) {
    var frames: [(siblings: [ViewNode], next: Int, parent: String?)] = [([root], 0, nil)]
    while let top = frames.indices.last {
      let index = frames[top].next
      guard index < frames[top].siblings.count else {
        frames.removeLast()
        continue
      }
      frames[top].next += 1
      guard visit(frames[top].siblings[index], frames[top].parent) else { continue }
      let children = frames[top].siblings[index].children
      if !children.isEmpty { frames.append((children, 0, frames[top].siblings[index].id)) }
    }
  }

  /// How many views the tree holds, the root included.
  package var viewCount: Int {
    var count = 0
    forEachView { _, _ in
      count += 1
      return true
    }
    return count
  }

  /// Gives the label or button `id` the text `text` in every size class; `false` when no such
  /// view has text. The way one cell layout shows another row's content.
  package mutating func setText(_ text: String, ofView id: String) -> Bool {
    LayoutEdit.modifyView(id, in: &root) { node in
      guard node.text != nil else { return false }
      node.text = Varying(text)
      return true
    }
  }

  /// Every view in depth-first document order, root first.
  ///
  /// An explicit stack rather than recursion: nesting depth comes from the file.
  public var allViews: [ViewNode] {
    var out: [ViewNode] = []
    var pending = [root]
    while let node = pending.popLast() {
      out.append(node)
      pending.append(contentsOf: node.children.reversed())
    }
    return out
  }
}

/// What a view is; decides its intrinsic size and which properties it has.
public enum ViewKind: String, Hashable, Sendable, CaseIterable {
  /// A plain view: no intrinsic size.
  case view
  /// Text: intrinsic size from the text and font size (see ``TextMetrics``).
  case label
  /// A button: its title's text size plus content insets.
  case button
  /// An image: intrinsic size given by `intrinsicSize` (no size when absent).
  case image
  /// A layout guide (spacer): takes part in layout, is never drawn, has no intrinsic size.
  case guide
  /// A stack view: arranges its children (``StackProperties``).
  case stack
  /// A scroll view: its frame from its constraints, its content area from its subviews'
  /// constraints (``ScrollProperties``; docs/semantics.md §8).
  case scroll
}

/// A value per axis: used for hugging and compression resistance.
public struct AxisValues<Value: Sendable & Hashable>: Sendable, Hashable {
  public var horizontal: Value
  public var vertical: Value
  public init(horizontal: Value, vertical: Value) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
}

/// One view of a layout file.
public struct ViewNode: Sendable {
  /// The id constraints use to name the view (unique in the document).
  public var id: String
  public var kind: ViewKind
  /// Where the view's object starts in the file.
  public var location: SourceLocation?
  /// The JSON path of the view (`$.root.children[1]`).
  public var path: String?
  /// Subviews; for a stack, its arranged subviews in order.
  public var children: [ViewNode]

  /// Hidden views still take part in layout (as in UIKit) but are not drawn; a hidden
  /// arranged subview of a stack collapses.
  public var hidden: Varying<Bool>
  /// Label text or button title; `\n` breaks lines.
  public var text: Varying<String>?
  /// Font size in points for labels and buttons (default 17).
  public var fontSize: Varying<Double>
  /// Maximum number of lines for a label; 0 means no limit (default 1). A label or button with
  /// any other value than 1 wraps its text to the width its constraints give it.
  public var numberOfLines: Int
  /// The font's name (PostScript, full or family name) for labels and buttons; `nil` is the
  /// system font. Without a font library every font is the fixed metric.
  public var fontName: Varying<String>?
  /// The font's weight class: 100 ultraLight, 400 regular, 600 semibold, 700 bold, 900 black
  /// (UIFont.Weight as OpenType weight classes); `nil` is the text style's weight, else regular.
  public var fontWeight: Varying<Int>?
  /// A Dynamic Type text style (`body`, `headline`, …): the font takes the style's size for the
  /// environment's content size category, and its weight unless ``fontWeight`` is given.
  public var textStyle: Varying<TextStyle>?
  /// With a ``textStyle``, whether ``fontSize`` is a size to scale with the style (as
  /// `UIFontMetrics(forTextStyle:).scaledFont(for:)` does) rather than ignored: the reader sets
  /// it when a file gives both.
  public var scalesFontSizeWithTextStyle = false
  /// How text that does not fit is wrapped or cut; `nil` is UIKit's default, tail truncation
  /// for a label and middle truncation for a button's title.
  public var lineBreakMode: LineBreakMode?
  /// Extra space around a button's title (default 6, 8, 6, 8 — top, left, bottom, right):
  /// the `any` value of ``contentInsetsByClass``.
  public var contentInsets: EdgeInsets {
    get { contentInsetsByClass.base }
    set { contentInsetsByClass.base = newValue }
  }
  /// ``contentInsets`` per size class.
  public var contentInsetsByClass: Varying<EdgeInsets>
  /// Overrides the intrinsic size per axis (`nil` = from the content, or none): the `any`
  /// value of ``intrinsicSizeByClass``.
  public var intrinsicWidth: Double? {
    get { intrinsicSizeByClass.base.width }
    set { intrinsicSizeByClass.base.width = newValue }
  }
  public var intrinsicHeight: Double? {
    get { intrinsicSizeByClass.base.height }
    set { intrinsicSizeByClass.base.height = newValue }
  }
  /// The intrinsic-size overrides per size class.
  public var intrinsicSizeByClass: Varying<SizeOverride>
  /// Content hugging priority per axis (default 250; labels and images 251): the `any` value
  /// of ``huggingByClass``.
  public var hugging: AxisValues<Double> {
    get { huggingByClass.base }
    set { huggingByClass.base = newValue }
  }
  /// ``hugging`` per size class.
  public var huggingByClass: Varying<AxisValues<Double>>
  /// Compression resistance per axis (default 750): the `any` value of
  /// ``compressionResistanceByClass``.
  public var compressionResistance: AxisValues<Double> {
    get { compressionResistanceByClass.base }
    set { compressionResistanceByClass.base = newValue }
  }
  /// ``compressionResistance`` per size class.
  public var compressionResistanceByClass: Varying<AxisValues<Double>>
  /// The view's own layout margins (default 8 on each side), used by margin attributes: the
  /// `any` value of ``layoutMarginsByClass``. The root's effective margins also respect the
  /// system minimum (see ``respectsSystemMinimumLayoutMargins``).
  public var layoutMargins: EdgeInsets {
    get { layoutMarginsByClass.base }
    set { layoutMarginsByClass.base = newValue }
  }
  /// ``layoutMargins`` per size class.
  public var layoutMarginsByClass: Varying<EdgeInsets>
  /// Whether the view is in the hierarchy, per size class (Interface Builder's "installed"
  /// box on a view): an uninstalled view, its subviews and every constraint naming them are
  /// absent from that size class's layout.
  public var installed: Varying<Bool>
  /// UIKit's `preservesSuperviewLayoutMargins` (default false): on each edge pinned to the
  /// superview's edge, the margin is at least the superview's (docs/semantics.md §3).
  public var preservesSuperviewLayoutMargins: Bool
  /// UIKit's `insetsLayoutMarginsFromSafeArea` (default true): the root's margins are
  /// measured from the safe area; another view's margin on an edge flush with the root's is
  /// at least the safe-area inset there.
  public var insetsLayoutMarginsFromSafeArea: Bool
  /// UIKit's `viewRespectsSystemMinimumLayoutMargins` of the view controller (default true),
  /// read on the root only: its margins are at least the system minimum (leading and trailing
  /// 16 when the root is at most 375 pt wide, 20 when wider; top and bottom 0).
  public var respectsSystemMinimumLayoutMargins: Bool
  /// UIKit's `alignmentRectInsets` (default zero): constraints, stacks and the intrinsic size
  /// act on the alignment rectangle, and the frame is that rectangle grown by these insets
  /// (a UISwitch's frame reaches 2 pt past its alignment rectangle on the right; docs/semantics.md,
  /// "Alignment rectangles").
  public var alignmentRectInsets: EdgeInsets = .zero
  /// Stack properties; present exactly when `kind == .stack`.
  public var stack: StackProperties?
  /// Where its values were written: `id`, `fontSize` (one origin per size-class value),
  /// `numberOfLines`, `intrinsicSize.width`, `intrinsicSize.height`, `hugging.horizontal`, …,
  /// `layoutMargins.top`, …, `contentInsets.top`, …, `spacing` (per size-class value), `children`.
  public var origins = ValueOrigins()
  /// Scroll view properties; present exactly when `kind == .scroll`.
  public var scroll: ScrollProperties?
  /// Checks this view is allowed to fail (`"suppress"` in a file).
  public var suppressions: [Suppression] = []

  public init(
    id: String, kind: ViewKind, location: SourceLocation? = nil, path: String? = nil, children: [ViewNode] = [],
    hidden: Varying<Bool> = Varying(false), text: Varying<String>? = nil, fontSize: Varying<Double> = Varying(17),
    numberOfLines: Int = 1, contentInsets: EdgeInsets = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8),
    intrinsicWidth: Double? = nil, intrinsicHeight: Double? = nil,
    hugging: AxisValues<Double>? = nil,
    compressionResistance: AxisValues<Double> = .init(horizontal: 750, vertical: 750),
    layoutMargins: EdgeInsets = .uniform(8), stack: StackProperties? = nil, installed: Varying<Bool> = Varying(true),
    preservesSuperviewLayoutMargins: Bool = false, insetsLayoutMarginsFromSafeArea: Bool = true,
    respectsSystemMinimumLayoutMargins: Bool = true, scroll: ScrollProperties? = nil
  ) {
    self.id = id
    self.kind = kind
    self.location = location
    self.path = path
    self.children = children
    self.hidden = hidden
    self.text = text
    self.fontSize = fontSize
    self.numberOfLines = numberOfLines
    self.fontName = nil
    self.fontWeight = nil
    self.textStyle = nil
    self.lineBreakMode = nil
    self.contentInsetsByClass = Varying(contentInsets)
    self.intrinsicSizeByClass = Varying(SizeOverride(width: intrinsicWidth, height: intrinsicHeight))
    let defaultHugging: Double = (kind == .label || kind == .image) ? 251 : 250
    self.huggingByClass = Varying(hugging ?? .init(horizontal: defaultHugging, vertical: defaultHugging))
    self.compressionResistanceByClass = Varying(compressionResistance)
    self.layoutMarginsByClass = Varying(layoutMargins)
    self.installed = installed
    self.preservesSuperviewLayoutMargins = preservesSuperviewLayoutMargins
    self.insetsLayoutMarginsFromSafeArea = insetsLayoutMarginsFromSafeArea
    self.respectsSystemMinimumLayoutMargins = respectsSystemMinimumLayoutMargins
    self.stack = stack ?? (kind == .stack ? StackProperties() : nil)
    self.scroll = scroll ?? (kind == .scroll ? ScrollProperties() : nil)
  }
}

/// Intrinsic-size overrides per axis (`nil`: from the content, or none).
public struct SizeOverride: Sendable, Hashable {
  /// The intrinsic width to use instead of the content's (`nil`: the content's, or none).
  public var width: Double?
  /// The intrinsic height to use instead of the content's (`nil`: the content's, or none).
  public var height: Double?
  public init(width: Double? = nil, height: Double? = nil) {
    self.width = width
    self.height = height
  }
}

/// A stack view's axis.
public enum StackAxis: String, Hashable, Sendable, CaseIterable {
  case horizontal, vertical
}

/// How a stack sizes its arranged views along its axis (UIStackView.Distribution).
public enum StackDistribution: String, Hashable, Sendable, CaseIterable {
  case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
}

/// How a stack places its arranged views across its axis (UIStackView.Alignment).
/// `leading`/`top` and `trailing`/`bottom` are the same value, as in UIKit.
public enum StackAlignment: String, Hashable, Sendable, CaseIterable {
  case fill, leading, center, trailing, firstBaseline, lastBaseline
}

/// A stack view's properties; axis, distribution, alignment and spacing vary per size class.
public struct StackProperties: Sendable {
  public var axis: Varying<StackAxis>
  public var distribution: Varying<StackDistribution>
  public var alignment: Varying<StackAlignment>
  /// Points between arranged views (default 0; `"system"` in files means 8).
  public var spacing: Varying<Double>
  /// Arrange inside the stack's layout margins instead of its edges.
  public var isLayoutMarginsRelativeArrangement: Bool
  public var isBaselineRelativeArrangement: Bool

  public init(
    axis: Varying<StackAxis> = Varying(.horizontal), distribution: Varying<StackDistribution> = Varying(.fill),
    alignment: Varying<StackAlignment> = Varying(.fill), spacing: Varying<Double> = Varying(0),
    isLayoutMarginsRelativeArrangement: Bool = false, isBaselineRelativeArrangement: Bool = false
  ) {
    self.axis = axis
    self.distribution = distribution
    self.alignment = alignment
    self.spacing = spacing
    self.isLayoutMarginsRelativeArrangement = isLayoutMarginsRelativeArrangement
    self.isBaselineRelativeArrangement = isBaselineRelativeArrangement
  }
}
