import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport
import TrellisText

/// `--fonts DIR` and `--pseudo-locale NAME`: what text is measured with, and what it says.
///
/// Fonts come from the first of: `--fonts`, the layout file's `"fonts"` (relative to the file),
/// `$TRELLIS_FONTS`. Without any, text is measured with `--text-metric`: the fixed metric, the
/// same everywhere, unless none is given and the document was read from a `.storyboard` or
/// `.xib` (inter: IB measured its frames with the system font, which inter approximates).
/// (`--content-size` is part of the environment: ``EnvironmentOptions``.)
struct TextOptions {
  static let specs = specs(metric: "fixed")

  /// What measures the text of a document read from Interface Builder when no fonts and no
  /// `--text-metric` are given: the metric closest to the system font IB measured its frames
  /// with (docs/text-fidelity.md).
  static let interfaceBuilderMetric = "inter"

  /// The options, `--text-metric`'s help naming `metric` as its default (`import`, which only
  /// reads Interface Builder files, names inter).
  static func specs(metric: String) -> [OptionSpec] {
    [
      .value(
        "fonts", valueName: "dir",
        help:
          "Measure text with the .ttf/.otf/.ttc fonts in this directory (else the file's \"fonts\", else $TRELLIS_FONTS, else --text-metric)."
      ),
      .value(
        "text-metric", valueName: "name", allowed: ["fixed"] + BuiltinTextMeasurer.names,
        help:
          "Measure text without fonts: fixed (0.5 em a character, the same everywhere) or inter (the iOS system font approximated with Inter's widths; closer to UIKit; the default for a .storyboard or .xib).",
        default: metric),
      .value(
        "pseudo-locale", valueName: "name", allowed: PseudoLocale.allCases.map(\.name),
        help:
          "Stretch every text as a translation would: longer (x1.3), double, accented, bounded, right-to-left (also lays out right to left)."
      ),
    ]
  }

  var fontsOption: String?
  var pseudoLocale: PseudoLocale?
  var metric: TextSettings.Metric
  /// Whether `--text-metric` was given: if not, a document read from Interface Builder is
  /// measured with inter.
  var metricGiven: Bool

  init(_ values: ParsedArguments) throws(UsageError) {
    fontsOption = values.value("fonts")
    metricGiven = values.value("text-metric") != nil
    let metricName = values.value("text-metric") ?? "fixed"
    metric = metricName == "fixed" ? .fixed : .builtin(metricName)
    if fontsOption?.isEmpty == true { throw UsageError("'--fonts' needs a directory.") }
    pseudoLocale = values.value("pseudo-locale").flatMap(PseudoLocale.init(name:))
  }

  /// The document as the pseudo-locale makes it, and the environment's direction with it.
  func apply(to document: LayoutDocument, _ environment: inout Environment) -> LayoutDocument {
    guard let pseudoLocale else { return document }
    if pseudoLocale.impliesRightToLeft { environment.layoutDirection = .rightToLeft }
    return document.pseudoLocalized(pseudoLocale)
  }

  /// The document as the pseudo-locale makes it (for commands that choose environments themselves).
  func apply(to document: LayoutDocument) -> LayoutDocument {
    pseudoLocale.map(document.pseudoLocalized) ?? document
  }

  private var metricName: String {
    if case .builtin(let name) = metric { return name }
    return "fixed"
  }

  /// Whether environments must be laid out right to left.
  var rightToLeft: Bool { pseudoLocale?.impliesRightToLeft == true }

  /// What to measure text with: the fonts found, else the metric. A fonts directory that is
  /// missing or not a directory is an error; one without readable fonts, or with unreadable
  /// files, a warning on `context.stderr`.
  func settings(for document: LayoutDocument, _ context: inout CommandContext) throws(RuntimeError) -> TextSettings {
    let fromInterfaceBuilder = !metricGiven && InterfaceBuilderFiles.isInterfaceBuilder(document.file)
    return TextSettings(
      fonts: try fonts(for: document, &context),
      metric: fromInterfaceBuilder ? .builtin(Self.interfaceBuilderMetric) : metric)
  }

  private func fonts(for document: LayoutDocument, _ context: inout CommandContext) throws(RuntimeError) -> FontLibrary?
  {
    let chosen: (path: String, origin: String)?
    if let fontsOption {
      chosen = (fontsOption, "'--fonts'")
    } else if let written = document.fontsDirectory, !written.isEmpty {
      let base = (document.file as NSString).deletingLastPathComponent
      let path = written.hasPrefix("/") || base.isEmpty ? written : (base as NSString).appendingPathComponent(written)
      chosen = (path, "the layout's \"fonts\"")
    } else if let variable = context.variables["TRELLIS_FONTS"], !variable.isEmpty {
      chosen = (variable, "$TRELLIS_FONTS")
    } else {
      chosen = nil
    }
    guard let (path, origin) = chosen else { return nil }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw RuntimeError("The fonts directory '\(RawPath.display(path))' (\(origin)) does not exist.")
    }
    guard isDirectory.boolValue else {
      throw RuntimeError(
        "'\(RawPath.display(path))' (\(origin)) is not a directory; give the directory that holds the font files.")
    }
    let library = FontLibrary(directory: path)
    for failure in library.failures.prefix(5) {
      context.stderr += "warning: font file skipped: \(failure)\n"
    }
    if library.failures.count > 5 {
      context.stderr += "warning: \(library.failures.count - 5) more font files skipped.\n"
    }
    if library.entries.isEmpty {
      context.stderr +=
        "warning: no readable .ttf, .otf or .ttc fonts in '\(RawPath.display(path))' (\(origin)); text uses the \(metricName) metric.\n"
      return nil
    }
    return library
  }
}
