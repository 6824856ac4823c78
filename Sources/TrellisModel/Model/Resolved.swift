import TrellisSupport
import TrellisText

/// A document with every size-class variation decided for one environment: the
/// installed constraints, hidden flags, texts and stack properties. Made by
/// `LayoutDocument.resolved(for:)`; diffing two of these is what a rotation changes.
public struct ResolvedLayout: Sendable {
  public var environment: Environment
  /// Views in document order, root first.
  public var views: [ResolvedView] { didSet { indexViews() } }
  /// Installed constraints from the file, in file order, with constants and priorities decided.
  public var constraints: [LayoutConstraint]
  /// Indices in ``views`` of the labels and buttons, and of those that wrap their text: what
  /// the layout engine visits on every layout, found once per change of ``views`` (reading a
  /// view out of the array copies all of it).
  package private(set) var textViews: [Int] = []
  package private(set) var wrappingViews: [Int] = []
  /// Indices in ``views`` of the scroll views, found with the text views for the same reason.
  package private(set) var scrollViews: [Int] = []
  /// Indices in ``views`` of the views with ``ResolvedView/frameSafeAreaEdges``: margins the
  /// engine decides from the solved frames.
  package private(set) var frameMarginViews: [Int] = []
  /// The measured text of each label and button, by its index in ``views``: set where text is
  /// measured (resolution, wrapping), read by pictures (``shownText(ofViewAt:in:scale:)``). Apart
  /// from the views because the engine copies and compares those on every move, and lines and
  /// prepared text are many references to copy.
  package var measuredTexts: [Int: MeasuredText] = [:]

  public init(environment: Environment, views: [ResolvedView], constraints: [LayoutConstraint]) {
    self.environment = environment
    self.views = views
    self.constraints = constraints
    indexViews()
  }

  private mutating func indexViews() {
    var text: [Int] = []
    var wrapping: [Int] = []
    var scroll: [Int] = []
    var frameMargins: [Int] = []
    for index in views.indices {
      if views[index].scroll != nil { scroll.append(index) }
      if views[index].frameSafeAreaEdges != 0 { frameMargins.append(index) }
      guard let content = views[index].textLayout else { continue }
      text.append(index)
      if content.wraps { wrapping.append(index) }
    }
    textViews = text
    wrappingViews = wrapping
    scrollViews = scroll
    frameMarginViews = frameMargins
  }
}

/// One view with its properties decided for an environment.
public struct ResolvedView: Sendable, Hashable {
  public var id: String
  public var kind: ViewKind
  /// The parent's id (`nil` for the root).
  public var parent: String?
  public var children: [String]
  public var hidden: Bool
  public var text: String?
  public var fontSize: Double
  public var numberOfLines: Int
  /// The intrinsic content size per axis (`nil` = none on that axis).
  public var intrinsicWidth: Double?
  public var intrinsicHeight: Double?
  /// Distances from the top to the first and last baselines, for text views.
  public var firstBaselineOffset: Double?
  public var lastBaselineOffset: Double?
  public var hugging: AxisValues<Double>
  public var compressionResistance: AxisValues<Double>
  /// The view's margins before the safe area: its own `layoutMargins`, raised by the system
  /// minimum (root) or the superview's margins (`preservesSuperviewLayoutMargins`).
  public var layoutMargins: EdgeInsets
  /// Edges whose margin also depends on the safe area: on such an edge the margin is
  /// `max(layoutMargins, safe-area inset + floor)` (see ``effectiveMargins(safeAreaInsets:)``).
  public var safeAreaMarginFloor: MarginFloor
  public var stack: ResolvedStack?
  public var location: SourceLocation?
  /// Present exactly for scroll views.
  public var scroll: ResolvedScroll?
  /// How a label's or button's text was set (`nil` for other views).
  public var textLayout: ResolvedText?
  /// How far the frame reaches past the alignment rectangle the constraints place.
  public var alignmentRectInsets: EdgeInsets = .zero
  /// The physical edges (bits 0…3: top, left, bottom, right) known before solving to lie on the
  /// root's edge: on these the view's own safe-area guide is inset by the root's safe-area
  /// insets, elsewhere not at all (``ViewSafeArea``). All four for the root.
  package var safeAreaEdges: UInt8 = 0
  /// The physical edges (bits 0…3) on which UIKit may raise the view's margin from its solved
  /// frame: it insets its margins from the safe area, something reads them, the edge is not
  /// known to lie on the root's edge, and the view is not in a scroll view's content
  /// (docs/semantics.md §1, rule 4). The engine decides them after solving.
  package var frameSafeAreaEdges: UInt8 = 0
  /// Of ``frameSafeAreaEdges``, those whose frame reaches past the safe area by more than the
  /// own margin: there the margin edge is the safe area's edge (set by the engine).
  package var clampedMarginEdges: UInt8 = 0

  /// The view as a constraint item.
  public var item: LayoutItem { .view(id) }

  public init(
    id: String, kind: ViewKind, parent: String?, children: [String], hidden: Bool, text: String?, fontSize: Double,
    numberOfLines: Int, intrinsicWidth: Double?, intrinsicHeight: Double?, firstBaselineOffset: Double?,
    lastBaselineOffset: Double?, hugging: AxisValues<Double>, compressionResistance: AxisValues<Double>,
    layoutMargins: EdgeInsets, stack: ResolvedStack?, location: SourceLocation?,
    safeAreaMarginFloor: MarginFloor = MarginFloor(), scroll: ResolvedScroll? = nil, textLayout: ResolvedText? = nil
  ) {
    self.textLayout = textLayout
    self.safeAreaMarginFloor = safeAreaMarginFloor
    self.id = id
    self.kind = kind
    self.parent = parent
    self.children = children
    self.hidden = hidden
    self.text = text
    self.fontSize = fontSize
    self.numberOfLines = numberOfLines
    self.intrinsicWidth = intrinsicWidth
    self.intrinsicHeight = intrinsicHeight
    self.firstBaselineOffset = firstBaselineOffset
    self.lastBaselineOffset = lastBaselineOffset
    self.hugging = hugging
    self.compressionResistance = compressionResistance
    self.layoutMargins = layoutMargins
    self.stack = stack
    self.location = location
    self.scroll = scroll
  }
}

extension ResolvedView {
  /// The margins the `*Margin` attributes use, for these safe-area insets: per edge
  /// `layoutMargins`, or `max(layoutMargins, inset + floor)` on an edge with a floor.
  public func effectiveMargins(safeAreaInsets insets: EdgeInsets) -> EdgeInsets {
    safeAreaMarginFloor.margins(layoutMargins, safeAreaInsets: insets)
  }

  /// `margins` as UIKit raises them from the solved frame (docs/semantics.md §1, rule 4), read
  /// from the frames alone, as the independent constraint checkers of the tests and the fuzzers
  /// do: on each of ``frameSafeAreaEdges`` where `frame` reaches past `safeArea` by more than
  /// the margin, the margin edge is the safe area's edge. `rect` is the alignment rectangle the
  /// margins are measured from.
  package func marginsRaised(_ margins: EdgeInsets, frame: Rect, alignmentRect rect: Rect, safeArea safe: Rect)
    -> EdgeInsets
  {
    var margins = margins
    let edges = frameSafeAreaEdges
    if edges & 1 != 0, safe.minY - frame.minY > margins.top { margins.top = safe.minY - rect.minY }
    if edges & 2 != 0, safe.minX - frame.minX > margins.left { margins.left = safe.minX - rect.minX }
    if edges & 4 != 0, frame.maxY - safe.maxY > margins.bottom { margins.bottom = rect.maxY - safe.maxY }
    if edges & 8 != 0, frame.maxX - safe.maxX > margins.right { margins.right = rect.maxX - safe.maxX }
    return margins
  }
}

/// A label's or button's text as it was set for an environment: what re-measuring it at
/// another width needs, and what that measurement gave.
public struct ResolvedText: Sendable, Hashable {
  /// The font asked for (`nil`: the system font).
  public var fontName: String?
  /// The weight class asked for (400 regular).
  public var fontWeight: Int
  public var lineBreakMode: LineBreakMode
  /// Whether the text wraps to the width the layout gives it: `numberOfLines` is not 1 and the
  /// file overrides neither intrinsic size.
  public var wraps: Bool
  /// The widest a line was allowed to be (infinity: as wide as the text).
  public var wrapWidth: Double
  /// Whether some of the text is not shown at `wrapWidth` (lines cut, or a line truncated).
  public var isTruncated: Bool
  /// The text's own width, unrounded, when nothing wraps (to tell whether a width truncates it).
  public var unwrappedWidth: Double
  /// Space between the view's edges and its text: a button's content insets, none for a label.
  public var insets: EdgeInsets
  /// What the text needs to show in full: its measured size plus ``insets`` on the pixel grid,
  /// or the file's intrinsic size on an axis that gives one (a button's intrinsic size can be
  /// larger: whole points, at least 30 wide). Nil until measured.
  public var neededSize: Size?

  public init(
    fontName: String?, fontWeight: Int, lineBreakMode: LineBreakMode, wraps: Bool, wrapWidth: Double,
    isTruncated: Bool, unwrappedWidth: Double, insets: EdgeInsets
  ) {
    self.fontName = fontName
    self.fontWeight = fontWeight
    self.lineBreakMode = lineBreakMode
    self.wraps = wraps
    self.wrapWidth = wrapWidth
    self.isTruncated = isTruncated
    self.unwrappedWidth = unwrappedWidth
    self.insets = insets
  }
}

/// Per edge, an optional amount: where present, that edge's margin is at least the safe-area
/// inset plus it (the margin is measured from the safe area, or clamped into it).
public struct MarginFloor: Sendable, Hashable {
  /// The top edge's amount above the safe-area inset (`nil`: the edge ignores the safe area).
  public var top: Double?
  /// The left edge's amount (`nil`: the edge ignores the safe area).
  public var left: Double?
  /// The bottom edge's amount (`nil`: the edge ignores the safe area).
  public var bottom: Double?
  /// The right edge's amount (`nil`: the edge ignores the safe area).
  public var right: Double?
  public init(top: Double? = nil, left: Double? = nil, bottom: Double? = nil, right: Double? = nil) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
  /// Whether any edge has a floor (the margins then read the safe area).
  public var isEmpty: Bool { top == nil && left == nil && bottom == nil && right == nil }

  /// `margins` with this floor applied for `insets`: per edge the margin, or on an edge with a
  /// floor `max(margin, inset + floor)`. (``ResolvedView/effectiveMargins(safeAreaInsets:)``, and
  /// the engine's anchors, which keep only margins and floor.)
  public func margins(_ margins: EdgeInsets, safeAreaInsets insets: EdgeInsets) -> EdgeInsets {
    guard !isEmpty else { return margins }
    return EdgeInsets(
      top: top.map { max(margins.top, insets.top + $0) } ?? margins.top,
      left: left.map { max(margins.left, insets.left + $0) } ?? margins.left,
      bottom: bottom.map { max(margins.bottom, insets.bottom + $0) } ?? margins.bottom,
      right: right.map { max(margins.right, insets.right + $0) } ?? margins.right)
  }
}

/// A stack's properties decided for an environment.
public struct ResolvedStack: Sendable, Hashable {
  public var axis: StackAxis
  public var distribution: StackDistribution
  public var alignment: StackAlignment
  public var spacing: Double
  public var isLayoutMarginsRelativeArrangement: Bool
  public var isBaselineRelativeArrangement: Bool
  /// The word the layout file wrote for ``alignment`` (`top` and `leading` are one value), when
  /// its front end kept it; not part of equality, since it changes nothing in the layout.
  public var alignmentWord: String?

  public init(
    axis: StackAxis, distribution: StackDistribution, alignment: StackAlignment, spacing: Double,
    isLayoutMarginsRelativeArrangement: Bool, isBaselineRelativeArrangement: Bool, alignmentWord: String? = nil
  ) {
    self.axis = axis
    self.distribution = distribution
    self.alignment = alignment
    self.spacing = spacing
    self.isLayoutMarginsRelativeArrangement = isLayoutMarginsRelativeArrangement
    self.isBaselineRelativeArrangement = isBaselineRelativeArrangement
    self.alignmentWord = alignmentWord
  }

  public static func == (lhs: ResolvedStack, rhs: ResolvedStack) -> Bool {
    lhs.axis == rhs.axis && lhs.distribution == rhs.distribution && lhs.alignment == rhs.alignment
      && lhs.spacing == rhs.spacing && lhs.isLayoutMarginsRelativeArrangement == rhs.isLayoutMarginsRelativeArrangement
      && lhs.isBaselineRelativeArrangement == rhs.isBaselineRelativeArrangement
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(axis)
    hasher.combine(distribution)
    hasher.combine(alignment)
    hasher.combine(spacing)
    hasher.combine(isLayoutMarginsRelativeArrangement)
    hasher.combine(isBaselineRelativeArrangement)
  }
}

/// A constraint between anchors, ready to become a solver constraint:
/// `first relation multiplier × second + constant @priority` (no `second`: `first relation constant`).
public struct LayoutConstraint: Sendable, Hashable, CustomStringConvertible {
  /// Why the constraint exists.
  public enum Origin: Sendable, Hashable {
    /// Written in the layout file (the spec's id), and who made it where the file says so (a
    /// conflict log's constraints are UIKit's as well as the app's).
    case file(id: String, kind: ConstraintKind = .app)
    /// Made by a stack view: its id and UIKit's name for the kind (`UISV-spacing`, `UISV-hiding`, …).
    case stack(id: String, reason: String)
    /// Content size: `hugging` or `compressionResistance` of a view.
    case intrinsic(id: String, reason: String)
    /// The root's size and guides.
    case container(reason: String)
    /// Made by a scroll view for its content and frame layout guides (`scroll-content`, `scroll-frame`).
    case scroll(id: String, reason: String)
  }

  /// Every field in one shared object, copied on write: a constraint holds a dozen references,
  /// and a layout passes each one through several arrays (the set, the installation, the
  /// installed list); copying the fields retained each reference every time and held a copy
  /// per array.
  ///
  /// Visible to inlined code (`@usableFromInline`, not API) so that the getters below inline
  /// into the engine, which reads every constraint's fields on every build: a call per field
  /// across the module boundary, each copying its value out, cost more than the reads.
  @usableFromInline
  final class Storage: @unchecked Sendable {
    // Safe to share across threads: a value mutates its storage only when no other value holds
    // it (`LayoutConstraint.unique()`), so no other thread can be reading it. For the same
    // reason the run-time exclusivity checks, which inlined reads would make in every client,
    // are off.
    @exclusivity(unchecked) @usableFromInline var id: String
    @exclusivity(unchecked) @usableFromInline var first: AnchorReference
    @exclusivity(unchecked) @usableFromInline var relation: LayoutRelation
    @exclusivity(unchecked) @usableFromInline var second: AnchorReference?
    @exclusivity(unchecked) @usableFromInline var multiplier: Double
    @exclusivity(unchecked) @usableFromInline var constant: Double
    @exclusivity(unchecked) @usableFromInline var priority: Double
    @exclusivity(unchecked) @usableFromInline var origin: Origin
    @exclusivity(unchecked) var source: Source
    @exclusivity(unchecked) @usableFromInline var location: SourceLocation?

    init(
      id: String, first: AnchorReference, relation: LayoutRelation, second: AnchorReference?, multiplier: Double,
      constant: Double, priority: Double, origin: Origin, source: Source, location: SourceLocation?
    ) {
      self.id = id
      self.first = first
      self.relation = relation
      self.second = second
      self.multiplier = multiplier
      self.constant = constant
      self.priority = priority
      self.origin = origin
      self.source = source
      self.location = location
    }

    func copy() -> Storage {
      Storage(
        id: id, first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
        priority: priority, origin: origin, source: source, location: location)
    }
  }

  /// The text a constraint came from, or, for one a stack or scroll view made, the reason it
  /// gives, to be written out with the constraint when asked: 10,000 views' stacks make 50,000
  /// constraints, and describing each as it was made was a seventh of a grid's layout.
  enum Source: Hashable {
    case text(String)
    case described(reason: String)
  }

  @usableFromInline var storage: Storage

  /// The storage, copied first when another value shares it, with a described source written
  /// out first: it describes the constraint as it was made, before the change about to come.
  private mutating func unique() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    if case .described = storage.source { storage.source = .text(source) }
    return storage
  }

  /// Makes ``source`` `'reason' description` (the constraint as it is now), written out only
  /// when read.
  package mutating func describeAsGenerated(reason: String) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    storage.source = .described(reason: reason)
  }

  /// Stable within one resolution: file ids, or generated `stack.reason#n` names.
  public var id: String {
    @inlinable get { storage.id }
    set { unique().id = newValue }
  }
  public var first: AnchorReference {
    @inlinable get { storage.first }
    set { unique().first = newValue }
  }
  public var relation: LayoutRelation {
    @inlinable get { storage.relation }
    set { unique().relation = newValue }
  }
  public var second: AnchorReference? {
    @inlinable get { storage.second }
    set { unique().second = newValue }
  }
  public var multiplier: Double {
    @inlinable get { storage.multiplier }
    set { unique().multiplier = newValue }
  }
  public var constant: Double {
    @inlinable get { storage.constant }
    set { unique().constant = newValue }
  }
  /// 1…1000 (generated constraints may use fractions such as 999.5).
  public var priority: Double {
    @inlinable get { storage.priority }
    set { unique().priority = newValue }
  }
  public var origin: Origin {
    @inlinable get { storage.origin }
    set { unique().origin = newValue }
  }
  /// Who made it, in UIKit's terms (``ConstraintKind``), from its origin.
  public var kind: ConstraintKind {
    switch origin {
    case .file(_, let kind): return kind
    case .stack(_, let reason): return .stack(reason)
    case .intrinsic: return .contentSize
    case .container(let reason): return .encapsulated(reason)
    case .scroll(_, let reason): return .scrollView(reason)
    }
  }
  /// The text the user wrote, or a generated description.
  public var source: String {
    get {
      switch storage.source {
      case .text(let text): return text
      case .described(let reason): return "'\(reason)' \(self)"
      }
    }
    set { unique().source = .text(newValue) }
  }
  public var location: SourceLocation? {
    @inlinable get { storage.location }
    set { unique().location = newValue }
  }

  public init(
    id: String, first: AnchorReference, relation: LayoutRelation, second: AnchorReference? = nil,
    multiplier: Double = 1, constant: Double = 0, priority: Double = 1000, origin: Origin, source: String,
    location: SourceLocation? = nil
  ) {
    storage = Storage(
      id: id, first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
      priority: priority, origin: origin, source: .text(source), location: location)
  }

  public static func == (lhs: LayoutConstraint, rhs: LayoutConstraint) -> Bool {
    let a = lhs.storage, b = rhs.storage
    if a === b { return true }
    return a.id == b.id && a.first == b.first && a.relation == b.relation && a.second == b.second
      && a.multiplier == b.multiplier && a.constant == b.constant && a.priority == b.priority && a.origin == b.origin
      && a.location == b.location && (a.source == b.source || lhs.source == rhs.source)
  }

  public func hash(into hasher: inout Hasher) {
    let s = storage
    hasher.combine(s.id)
    hasher.combine(s.first)
    hasher.combine(s.relation)
    hasher.combine(s.second)
    hasher.combine(s.multiplier)
    hasher.combine(s.constant)
    hasher.combine(s.priority)
    hasher.combine(s.origin)
    // Not the source: a described one and its text are equal (`==`), and their hashes must be too.
    hasher.combine(s.location)
  }

  /// `flips.top == grid.bottom + 8 @750`.
  public var description: String {
    var rhs = ""
    if let second {
      rhs = multiplier == 1 ? "\(second)" : "\(fmt(multiplier)) * \(second)"
      if constant != 0 { rhs += constant < 0 ? " - \(fmt(-constant))" : " + \(fmt(constant))" }
    } else {
      rhs = fmt(constant)
    }
    let p = priority == 1000 ? "" : " @\(fmt(priority))"
    return "\(first) \(relation.rawValue) \(rhs)\(p)"
  }
}

/// The solved layout for one environment.
public struct LayoutResult: Sendable {
  /// One solved view.
  public struct ViewFrame: Sendable, Hashable {
    public var id: String
    public var kind: ViewKind
    public var parent: String?
    /// In root coordinates.
    public var frame: Rect
    /// Relative to the parent's top-left corner.
    public var frameInParent: Rect
    public var hidden: Bool
    /// Hidden itself or inside a hidden ancestor: not drawn.
    public var isEffectivelyHidden: Bool
    public var text: String?

    public init(
      id: String, kind: ViewKind, parent: String?, frame: Rect, frameInParent: Rect, hidden: Bool,
      isEffectivelyHidden: Bool, text: String?
    ) {
      self.id = id
      self.kind = kind
      self.parent = parent
      self.frame = frame
      self.frameInParent = frameInParent
      self.hidden = hidden
      self.isEffectivelyHidden = isEffectivelyHidden
      self.text = text
    }
  }

  public var environment: Environment
  /// Views in document order, root first.
  public var views: [ViewFrame]
  /// The safe area and margins guides, in root coordinates.
  public var safeArea: Rect
  public var margins: Rect
  /// Conflicts, ambiguity, broken optional constraints worth mentioning, and so on.
  public var diagnostics: [Diagnostic]
  /// Whether any required constraint could not be satisfied.
  public var hasConflicts: Bool
  /// Views with an ambiguous position or size: view id → the ambiguous attributes.
  public var ambiguousViews: [(id: String, attributes: [LayoutAttribute])]
  /// The resolution the frames were solved from (installed constraints, hidden flags, texts
  /// decided for ``environment``), so that a client need not resolve the document again.
  public var resolution: ResolvedLayout?
  /// Each scroll view's viewport, content area and insets, in document order.
  public var scrollViews: [ScrollState]

  public init(
    environment: Environment, views: [ViewFrame], safeArea: Rect, margins: Rect, diagnostics: [Diagnostic],
    hasConflicts: Bool, ambiguousViews: [(id: String, attributes: [LayoutAttribute])],
    resolution: ResolvedLayout? = nil, scrollViews: [ScrollState] = []
  ) {
    self.environment = environment
    self.views = views
    self.safeArea = safeArea
    self.margins = margins
    self.diagnostics = diagnostics
    self.hasConflicts = hasConflicts
    self.ambiguousViews = ambiguousViews
    self.resolution = resolution
    self.scrollViews = scrollViews
  }

  /// The solved view with this id.
  public func view(_ id: String) -> ViewFrame? { views.first { $0.id == id } }

  /// The solved scroll view with this id.
  public func scrollView(_ id: String) -> ScrollState? { scrollViews.first { $0.id == id } }
}
