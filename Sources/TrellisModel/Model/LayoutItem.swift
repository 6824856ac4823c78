/// Something a constraint can name: a view (the root included), a guide of the root view, or
/// a layout guide a stack view generated.
///
/// Names become items once, when a document is read or built; every later layer (validation,
/// resolution, stacks, the engine, the checks) compares items, never strings. In the file
/// format and in messages an item is written as its ``description``: a view's id, `safeArea`,
/// `margins`, or `owner#name` for a generated guide (`grid#gap1`, which no user id can be,
/// since ids cannot contain `#`).
public enum LayoutItem: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// A view, by its id; the root is the view with the document's root id.
  case view(String)
  /// The root view's safe-area layout guide (UIKit's `safeAreaLayoutGuide`).
  case safeArea
  /// The root view's layout-margins guide: the safe area inset by the root's `layoutMargins`.
  case margins
  /// A layout guide a stack or scroll view made: `owner` is its id, `name` the guide's role
  /// (`gap1`, `spanner`, `axis-spanner`; a scroll view's `content` and `frame`).
  case generated(owner: String, name: String)

  /// The item a name written in a file or a Swift builder stands for: `safeArea`, `margins`,
  /// `owner#name`, or a view id (`root` stays `.view("root")`: ``init(name:rootID:)`` resolves it).
  public init(name: String) {
    switch name {
    case "safeArea": self = .safeArea
    case "margins": self = .margins
    default:
      if let hash = name.firstIndex(of: "#") {
        self = .generated(owner: String(name[..<hash]), name: String(name[name.index(after: hash)...]))
      } else {
        self = .view(name)
      }
    }
  }

  /// ``init(name:)`` in a document whose root view's id is `rootID`: ``rootName`` names the root.
  public init(name: String, rootID: String) {
    self = LayoutItem(name: name).resolvingRoot(rootID)
  }

  /// The name that always stands for the root view, whatever its id (`root.top`): no other view
  /// may take it.
  public static let rootName = "root"

  /// The item itself, or the root view (whose id is `rootID`) for ``rootName``. The one place
  /// the name is resolved: the reader applies it to what it reads, the validator to what it
  /// checks, and the resolution to the constraints it decides, so that the engine and everything
  /// after it see the root's own id only.
  public func resolvingRoot(_ rootID: String) -> LayoutItem {
    if case .view(let id) = self, id == Self.rootName { return .view(rootID) }
    return self
  }

  /// ``init(name:)`` for literals, as tests and builders write them.
  public init(stringLiteral name: String) { self.init(name: name) }

  /// The view's id when the item is a view.
  @inlinable public var viewID: String? {
    if case .view(let id) = self { return id }
    return nil
  }

  /// Whether the item is one of the root's layout guides (`safeArea` or `margins`), which have
  /// edges, centers and a size but no baselines and no margins. Generated guides are not.
  @inlinable public var isRootGuide: Bool {
    switch self {
    case .safeArea, .margins: return true
    case .view, .generated: return false
    }
  }

  /// The view an item belongs to for messages: the view itself, or the stack that made a guide.
  public var owner: String? {
    switch self {
    case .view(let id): return id
    case .generated(let owner, _): return owner
    case .safeArea, .margins: return nil
    }
  }

  /// As written in files and messages: `card1`, `safeArea`, `margins`, `grid#gap1`.
  public var description: String {
    switch self {
    case .view(let id): return id
    case .safeArea: return "safeArea"
    case .margins: return "margins"
    case .generated(let owner, let name): return owner + "#" + name
    }
  }

  /// By description: a fixed order for listings.
  public static func < (lhs: LayoutItem, rhs: LayoutItem) -> Bool { lhs.description < rhs.description }
}
