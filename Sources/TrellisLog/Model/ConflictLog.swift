import TrellisModel

/// Every conflict block read from one log or paste, and what could not be read.
package struct ConflictLog: Sendable {
  /// The file name given to the reader (used in every location).
  package var file: String
  /// The blocks in the order they were printed.
  package var blocks: [ConflictBlock]
  /// Located problems of the whole read, in text order (each also marks its block incomplete).
  package var diagnostics: [Diagnostic]

  package init(file: String, blocks: [ConflictBlock], diagnostics: [Diagnostic]) {
    self.file = file
    self.blocks = blocks
    self.diagnostics = diagnostics
  }
}

/// The platform whose wording and views a block shows.
package enum LogPlatform: String, Hashable, Sendable {
  case iOS, macOS
}

/// How a block's header was worded.
package enum LogHeader: String, Hashable, Sendable {
  /// UIKit: `Unable to simultaneously satisfy constraints.`
  case unableToSatisfy
  /// AppKit: `Unable to simultaneously satisfy constraints:`
  case unableToSatisfyAppKit
  /// AppKit since macOS 14: `Conflicting constraints detected: (…). Will attempt to recover by breaking <…>.`
  case conflictingConstraintsDetected
  /// The paste starts after the header, at UIKit's advice (`Probably at least one…`, `Try this:`,
  /// `(1) look at each constraint…`): the block is UIKit's.
  case cut
}

/// One `Unable to simultaneously satisfy constraints` block: the list as printed, and the
/// constraint UIKit or AppKit said it would break.
package struct ConflictBlock: Sendable {
  package var platform: LogPlatform
  package var header: LogHeader
  /// Where the header's first word is.
  package var location: SourceLocation
  /// Every view and guide the block names, in order of first mention.
  package var items: [LogItem]
  /// The constraints read from the list, in printed order (an entry that could not be read is
  /// left out, with a diagnostic; ``LogConstraint/listIndex`` keeps the printed position).
  package var constraints: [LogConstraint]
  /// How many entries the list printed, read or not.
  package var listedCount: Int
  /// The breaking line's constraint as printed, when the block has one that could be read.
  package var breakingLine: LogConstraint?
  /// Where the breaking line's description starts, when the block has one (read or not).
  package var breakingLineLocation: SourceLocation?
  /// The index in ``constraints`` of the constraint the breaking line names (matched by
  /// address); `nil` when the line was cut off or names an address not in the list.
  package var broken: Int?
  /// Whether the breaking line names an address that the list does not hold.
  package var brokenIsNotInList: Bool
  /// Whether every entry of the list was read and the list was closed: `false` when a
  /// diagnostic was reported for this block.
  package var isComplete: Bool

  /// The constraint the breaking line names, from the list.
  package var brokenConstraint: LogConstraint? { broken.map { constraints[$0] } }

  package init(
    platform: LogPlatform, header: LogHeader, location: SourceLocation, items: [LogItem] = [],
    constraints: [LogConstraint] = [], listedCount: Int = 0, breakingLine: LogConstraint? = nil,
    breakingLineLocation: SourceLocation? = nil, broken: Int? = nil, brokenIsNotInList: Bool = false,
    isComplete: Bool = true
  ) {
    self.platform = platform
    self.header = header
    self.location = location
    self.items = items
    self.constraints = constraints
    self.listedCount = listedCount
    self.breakingLine = breakingLine
    self.breakingLineLocation = breakingLineLocation
    self.broken = broken
    self.brokenIsNotInList = brokenIsNotInList
    self.isComplete = isComplete
  }
}

/// A view or layout guide named in a block: `UILabel:0x7f9c12566050'Title'`.
package struct LogItem: Hashable, Sendable {
  /// `0x…` in lower case, as printed; empty for a superview the block never names
  /// (``isUnnamedSuperview``).
  package var address: String
  /// The class without its module: `PlaceDetailsEventView`.
  package var className: String
  /// The Swift module when printed: `Prox` of `Prox.PlaceDetailsEventView`.
  package var module: String?
  /// The text printed after the address (a label's or button's title, an accessibility
  /// identifier), escapes decoded, without a trailing `...`; `nil` for a guide's name.
  package var text: String?
  /// Whether the printed text ended in `...` (UIKit cuts long titles).
  package var isTextTruncated: Bool
  /// A layout guide's identifier: `UIViewSafeAreaLayoutGuide`, `UIViewLayoutMarginsGuide`.
  package var guideName: String?
  /// The item stands for `|` in a description whose `names:` list was not printed.
  package var isUnnamedSuperview: Bool
  /// For such a superview, the item whose superview it is.
  package var superviewOf: Int?
  /// Where the block first names the item.
  package var location: SourceLocation?
  /// Masonry's debug key, printed instead of the address when the app set a `mas_key`
  /// (`UILabel:blueView`); ``address`` is then empty.
  package var key: String?
  /// The item's superview, when a description of the block relates the two through `|`
  /// (`H:|-(8)-[item]   (names: '|':…)`).
  package var superview: Int?

  package init(
    address: String, className: String, module: String? = nil, text: String? = nil, isTextTruncated: Bool = false,
    guideName: String? = nil, isUnnamedSuperview: Bool = false
  ) {
    self.address = address
    self.className = className
    self.module = module
    self.text = text
    self.isTextTruncated = isTextTruncated
    self.guideName = guideName
    self.isUnnamedSuperview = isUnnamedSuperview
  }

  /// `Prox.PlaceDetailsEventView`, or the class alone without a module.
  package var qualifiedClassName: String { module.map { "\($0).\(className)" } ?? className }

  /// Whether the item is a layout guide rather than a view (`UILayoutGuide`, `_UILayoutGuide`,
  /// `UIKeyboardLayoutGuide`, `NSLayoutGuide`, any class whose name ends in `LayoutGuide`).
  package var isLayoutGuide: Bool { className.hasSuffix("LayoutGuide") || className == "_UILayoutGuide" }

  /// The last four hex digits of the address: `6050`.
  package var shortAddress: String { String(address.suffix(4)) }

  /// `UILabel 'Title' (…6050)`, `UILayoutGuide 'UIViewSafeAreaLayoutGuide' (…0380)`.
  package var displayName: String {
    if isUnnamedSuperview { return "superview" }
    var out = className
    if let name = guideName ?? text { out += " '\(name)\(isTextTruncated ? "…" : "")'" }
    if let key { return out + " (\(key))" }
    return out + " (…\(shortAddress))"
  }
}

/// One side of a constraint: an item of the block and the attribute printed.
package struct LogAnchor: Hashable, Sendable {
  /// Index into ``ConflictBlock/items``.
  package var item: Int
  package var attribute: LogAttribute
  /// Where the item is written in the description.
  package var location: SourceLocation?

  package init(item: Int, attribute: LogAttribute, location: SourceLocation? = nil) {
    self.item = item
    self.attribute = attribute
    self.location = location
  }
}

/// An attribute as a log prints it. The autoresizing names (`minX`, `midX`, `maxY`, …) are
/// read as the edges and centers they are; `contentWidth`/`contentHeight` are a scroll view's.
package enum LogAttribute: String, Hashable, Sendable, CaseIterable {
  case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
  case firstBaseline, lastBaseline
  case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
  case centerXWithinMargins, centerYWithinMargins
  case contentWidth, contentHeight

  /// The attribute for a printed name: the model's names, `minX`/`midX`/`maxX`/`minY`/`midY`/
  /// `maxY`, `baseline` (the old name of `lastBaseline`) and `centerXWithMargins`.
  package init?(printed name: String) {
    switch name {
    case "minX": self = .left
    case "maxX": self = .right
    case "midX": self = .centerX
    case "minY": self = .top
    case "maxY": self = .bottom
    case "midY": self = .centerY
    case "baseline": self = .lastBaseline
    case "centerXWithMargins": self = .centerXWithinMargins
    case "centerYWithMargins": self = .centerYWithinMargins
    default: self.init(rawValue: name)
    }
  }

  /// The model's attribute; `nil` for a scroll view's content size.
  package var layoutAttribute: LayoutAttribute? { LayoutAttribute(rawValue: rawValue) }

  package var isHorizontal: Bool {
    switch self {
    case .contentWidth: return true
    case .contentHeight: return false
    default: return layoutAttribute?.axis == .horizontal
    }
  }
}

/// Who made a constraint, as far as the log shows.
package enum LogConstraintMaker: String, Hashable, Sendable {
  /// The app: its code, its nibs and storyboards, or a layout library other than the two below.
  case appCode
  /// SnapKit (`SnapKit.LayoutConstraint`, with the file and line that made it).
  case snapKit
  /// Masonry (`MASLayoutConstraint`).
  case masonry
  /// Interface Builder at build time, for a view without constraints (`NSIBPrototypingLayoutConstraint`).
  case interfaceBuilder
  /// An unlabeled constraint between Apple's own private views (keyboards, action sheets,
  /// SpringBoard): no app made it (``LogConstraint/isApplePrivateClass(_:)``).
  case appleViews
  /// UIKit or AppKit: stacks, autoresizing masks, encapsulated sizes, guides, content sizes.
  case system
}

/// How a description was printed.
package enum LogNotation: String, Hashable, Sendable {
  /// `item.attr == item2.attr * m + c`.
  case linear
  /// `H:|-(8)-[item]`, `V:[item(44)]`.
  case visualFormat
}

/// One constraint as a log prints it: `<NSLayoutConstraint:0x6000… 'id' a.bottom == b.bottom - 16   (active)>`.
package struct LogConstraint: Sendable {
  /// `0x…` in lower case.
  package var address: String
  /// The class as printed: `NSLayoutConstraint`, `NSAutoresizingMaskLayoutConstraint`,
  /// `SnapKit.LayoutConstraint`, `MASLayoutConstraint`, …
  package var className: String
  /// The identifier in quotes: `UISV-hiding`, `UIView-Encapsulated-Layout-Height`, the app's.
  package var identifier: String?
  /// SnapKit's `@File.swift#17`.
  package var snapKitFile: String?
  package var snapKitLine: Int?
  /// An autoresizing mask's `h=--&` and `v=-&-` (the three characters after `=`).
  package var horizontalMask: String?
  package var verticalMask: String?
  package var notation: LogNotation
  package var first: LogAnchor
  package var relation: LayoutRelation
  /// `nil` for a constant (`UIView.width == 375`, `V:[v(44)]`, `minX == 0` with no `names:`).
  package var second: LogAnchor?
  package var multiplier: Double
  package var constant: Double
  /// 1…1000; 1000 when the description prints none.
  package var priority: Double
  /// `NSContentSizeLayoutConstraint`'s `Hug:` and `CompressionResistance:` priorities.
  package var hugging: Double?
  package var compressionResistance: Double?
  /// `(active)` → true, `(inactive)` → false, `nil` when not printed (before iOS 10).
  package var isActive: Bool?
  /// The description as printed, from `<` to `>`, escapes decoded.
  package var text: String
  /// Where its `<` is in the log.
  package var location: SourceLocation
  /// Its position in the printed list (0-based); -1 for a breaking line.
  package var listIndex: Int
  package var kind: ConstraintKind
  package var madeBy: LogConstraintMaker

  package init(
    address: String, className: String, notation: LogNotation, first: LogAnchor, relation: LayoutRelation,
    second: LogAnchor? = nil, multiplier: Double = 1, constant: Double = 0, priority: Double = 1000, text: String,
    location: SourceLocation, listIndex: Int = -1, kind: ConstraintKind = .app, madeBy: LogConstraintMaker = .appCode
  ) {
    self.address = address
    self.className = className
    self.notation = notation
    self.first = first
    self.relation = relation
    self.second = second
    self.multiplier = multiplier
    self.constant = constant
    self.priority = priority
    self.text = text
    self.location = location
    self.listIndex = listIndex
    self.kind = kind
    self.madeBy = madeBy
  }

  /// Whether the constraint is the system's rather than the app's (``kind`` is not `.app`, or
  /// Apple's own views made it).
  package var isSystem: Bool { kind != .app || madeBy == .appleViews || madeBy == .system }
}
