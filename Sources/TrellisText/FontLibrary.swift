import Foundation

/// Fonts loaded from files, found by name and weight.
///
/// Lookup by name tries, case-insensitively, the PostScript name, then the full name, then the
/// family (picking the weight as CSS Fonts Level 4 §5.2 "font-weight matching" does, upright
/// before italic). The system font is SF Pro: "SF Pro Text" below 20 pt and "SF Pro Display"
/// from 20 pt, Apple's optical-size switch point for San Francisco (WWDC 2015 session 804
/// "Introducing the New System Fonts"), or the single variable "SF Pro" family of newer
/// releases; when none is installed, the first family present of `systemFallbackFamilies`,
/// and last the first family by name, so a machine without Apple's fonts still measures
/// with something real.
public struct FontLibrary: Sendable {
  /// A font the library holds and where it came from.
  public struct Entry: Sendable {
    /// The face.
    public let font: Font
    /// The file it was read from (empty for fonts added from bytes without a path).
    public let path: String
    /// Its index in a collection file (0 otherwise).
    public let index: Int
  }

  /// A file that could not be read, and why.
  public struct LoadFailure: Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What went wrong.
    public let message: String
    /// "path: message".
    public var description: String { "\(path): \(message)" }
  }

  /// Bounds on a directory scan, so pointing the library at `/` stays cheap.
  public struct ScanLimits: Hashable, Sendable {
    /// Most font files read.
    public var maxFiles = 4096
    /// Deepest subdirectory level visited (0 = the directory itself only).
    public var maxDepth = 8
    /// Files larger than this are skipped (default 64 MiB).
    public var maxFileSize = 64 << 20
    /// Limits for reading each file.
    public var fontLimits = FontLimits()
    /// The default limits.
    public init() {}
  }

  /// Families tried, in order, for the system font when no SF Pro is installed: common UI
  /// sans-serifs, then the freely licensed ones Linux machines tend to have.
  public static let systemFallbackFamilies = [
    "Helvetica Neue", "Helvetica", "Inter", "Roboto", "Noto Sans", "Open Sans", "DejaVu Sans", "Liberation Sans",
    "Arial",
  ]

  /// Every font loaded, in the order added.
  public private(set) var entries: [Entry] = []
  /// Lowercased PostScript name, full name and family → indices into `entries` (first added first).
  private var byPostScriptName: [String: Int] = [:]
  private var byFullName: [String: Int] = [:]
  private var byFamily: [String: [Int]] = [:]
  /// Files that could not be read.
  public private(set) var failures: [LoadFailure] = []

  /// An empty library.
  public init() {}

  /// Loads every `.ttf`, `.otf` and `.ttc` file in `directory` and, with `recursive`, its
  /// subdirectories (symbolic links to directories are not followed), in path order. Files
  /// that cannot be read are listed in `failures`, not thrown.
  ///
  /// - Parameters:
  ///   - directory: the folder to scan.
  ///   - recursive: whether to visit subfolders (up to `limits.maxDepth` levels).
  ///   - limits: bounds on the number, depth and size of files.
  public init(directory: String, recursive: Bool = true, limits: ScanLimits = ScanLimits()) {
    let manager = FileManager.default
    var files: [String] = []
    var pending: [(path: String, depth: Int)] = [(directory, 0)]
    var visited = 0
    while let (folder, depth) = pending.popLast(), files.count < limits.maxFiles, visited < 100_000 {
      visited += 1
      guard let names = try? manager.contentsOfDirectory(atPath: folder) else {
        if depth == 0 { failures.append(LoadFailure(path: folder, message: "cannot read the directory")) }
        continue
      }
      for name in names.sorted() where !name.hasPrefix(".") {
        let path = (folder as NSString).appendingPathComponent(name)
        guard let attributes = try? manager.attributesOfItem(atPath: path) else { continue }
        let type = attributes[.type] as? FileAttributeType
        if type == .typeDirectory {
          if recursive && depth < limits.maxDepth { pending.append((path, depth + 1)) }
        } else if type == .typeRegular, ["ttf", "otf", "ttc"].contains((name as NSString).pathExtension.lowercased()) {
          files.append(path)
        }
      }
    }
    for path in files.sorted().prefix(limits.maxFiles) {
      let size = (try? manager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      guard size <= limits.maxFileSize else {
        failures.append(LoadFailure(path: path, message: "\(size) bytes, more than the limit \(limits.maxFileSize)"))
        continue
      }
      guard let data = manager.contents(atPath: path) else {
        failures.append(LoadFailure(path: path, message: "cannot read the file"))
        continue
      }
      add(bytes: [UInt8](data), path: path, limits: limits.fontLimits)
    }
  }

  /// Adds every font in `bytes` (one, or each of a collection's); a file that cannot be read
  /// is listed in `failures`.
  ///
  /// - Parameters:
  ///   - bytes: a `.ttf`, `.otf` or `.ttc` file's contents.
  ///   - path: where it came from, for `entries` and `failures`.
  ///   - limits: bounds on what a font file may hold (``FontLimits``).
  public mutating func add(bytes: [UInt8], path: String = "", limits: FontLimits = FontLimits()) {
    do {
      let count = try TableDirectory.faceCount(bytes, limits: limits)
      for index in 0..<count {
        do {
          append(Entry(font: try Font(bytes: bytes, index: index, limits: limits), path: path, index: index))
        } catch {
          failures.append(LoadFailure(path: count > 1 ? "\(path)#\(index)" : path, message: error.message))
        }
      }
    } catch {
      failures.append(LoadFailure(path: path, message: error.message))
    }
  }

  /// Adds one font.
  public mutating func add(_ font: Font, path: String = "") {
    append(Entry(font: font, path: path, index: 0))
  }

  private mutating func append(_ entry: Entry) {
    let index = entries.count
    entries.append(entry)
    let names = entry.font.names
    if let name = names.postScriptName?.lowercased(), byPostScriptName[name] == nil { byPostScriptName[name] = index }
    if let name = names.fullName?.lowercased(), byFullName[name] == nil { byFullName[name] = index }
    if let family = names.family?.lowercased() { byFamily[family, default: []].append(index) }
  }

  /// All fonts, in the order added.
  public var fonts: [Font] { entries.map(\.font) }

  /// The family names present, sorted.
  public var families: [String] { Array(Set(entries.compactMap(\.font.names.family))).sorted() }

  /// The font called `name`: its PostScript name, else its full name, else a family name,
  /// compared without regard to case; `weight` and `italic` choose within a family.
  ///
  /// - Parameters:
  ///   - name: a PostScript name ("DejaVuSans-Bold"), full name ("DejaVu Sans Bold") or family ("DejaVu Sans").
  ///   - weight: the weight wanted within a family (100…900; 400 regular, 700 bold).
  ///   - italic: whether an italic face is wanted within a family.
  /// - Returns: nil when nothing has that name.
  public func font(named name: String, weight: Int = 400, italic: Bool = false) -> Font? {
    let wanted = name.lowercased()
    if let index = byPostScriptName[wanted] ?? byFullName[wanted] { return entries[index].font }
    return font(family: name, weight: weight, italic: italic)
  }

  /// The face of `family` closest to `weight` and `italic`, or nil when the family is absent.
  public func font(family: String, weight: Int = 400, italic: Bool = false) -> Font? {
    let wanted = family.lowercased()
    let faces = (byFamily[wanted] ?? []).map { entries[$0].font }
    return faces.min { Self.rank($0, weight, italic) < Self.rank($1, weight, italic) }
  }

  /// The system font for `size` and `weight` (see the type's documentation for the rule), or
  /// nil when the library is empty.
  ///
  /// - Parameters:
  ///   - size: the point size (chooses SF Pro Text or Display).
  ///   - weight: UIFont.Weight as a weight class: ultraLight 100, thin 200, light 300,
  ///     regular 400, medium 500, semibold 600, bold 700, heavy 800, black 900.
  ///   - italic: whether an italic face is wanted.
  public func systemFont(size: Double, weight: Int = 400, italic: Bool = false) -> Font? {
    let apple = size < 20 ? ["SF Pro Text", "SF Pro", "SF Pro Display"] : ["SF Pro Display", "SF Pro", "SF Pro Text"]
    for family in apple + Self.systemFallbackFamilies {
      if let font = font(family: family, weight: weight, italic: italic) { return font }
    }
    guard let first = families.first else { return entries.first?.font }
    return font(family: first, weight: weight, italic: italic)
  }

  /// Orders faces for a wanted weight and style: style first, then CSS weight matching —
  /// for 400…500, weights from the wanted one up to 500, then lighter ones (heaviest first),
  /// then heavier than 500; below 400, lighter (heaviest first) then heavier; above 500,
  /// heavier (lightest first) then lighter.
  /// Within equal weights, the normal width (class 5) comes first, so "DejaVu Sans" is not its
  /// Condensed face, which shares the typographic family name.
  static func rank(_ font: Font, _ weight: Int, _ italic: Bool) -> (Int, Int, Int, Int) {
    rank(weight: font.weight, italic: font.isItalic, widthClass: font.widthClass, weight, italic)
  }

  /// The same order for a face known by its weight class, style and width class.
  static func rank(weight candidate: Int, italic isItalic: Bool, widthClass: Int, _ weight: Int, _ italic: Bool)
    -> (Int, Int, Int, Int)
  {
    let style = isItalic == italic ? 0 : 1
    let group: Int
    let distance = abs(candidate - weight)
    if (400...500).contains(weight) {
      group = candidate >= weight && candidate <= 500 ? 0 : (candidate < weight ? 1 : 2)
    } else if weight < 400 {
      group = candidate <= weight ? 0 : 1
    } else {
      group = candidate >= weight ? 0 : 1
    }
    return (style, group, distance, abs(widthClass - 5))
  }
}
