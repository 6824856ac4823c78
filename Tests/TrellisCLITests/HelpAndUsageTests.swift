import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport
import TrellisTestSupport
import XCTest

/// Help, version and usage errors: exact texts, streams and exit statuses.
final class HelpAndUsageTests: XCTestCase {
  /// `Usage: trellis solve` is 20 characters; options are added while the line stays within 80,
  /// continuation lines are indented by 21 (`Usage: ` 7 + `trellis solve` 13 + 1).
  static let solveUsage = """
    Usage: trellis solve <file> [--device <name>] [--orientation <orientation>]
                         [--size <WxH>] [--width <W>] [--traits <wX,hY>]
                         [--safe-area <T,L,B,R>] [--scale <n>] [--rtl]
                         [--content-size <category>] [--scene <id>]
                         [--intrinsic <source>] [--scroll-offset <ID=X,Y>]
                         [--zoom <ID=S>] [--fonts <dir>] [--text-metric <name>]
                         [--pseudo-locale <name>] [--snap] [--format <format>]
                         [--columns <n>] [--ascii] [--output <path>]
                         [--suppress <codes>] [--watch] [--interval <seconds>]
                         [--keyboard <height>]

    """

  static func solveError(_ message: String) -> String {
    "Error: \(message)\n" + solveUsage + "See 'trellis solve --help'.\n"
  }

  func testNoArgumentsPrintsTheRootHelp() {
    let run = trellis()
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.stderr, "")
    Snapshot.assertMatches(run.stdout, named: "help-trellis", in: FixturePaths.snapshots)
  }

  func testRootHelpHasItsSections() {
    let run = trellis("--help")
    XCTAssertEqual(run.status, 0)
    for section in [
      "OVERVIEW: ", "USAGE: trellis <subcommand>", "OPTIONS:", "SUBCOMMANDS:", "  --version ", "  -h, --help ",
    ] {
      XCTAssertTrue(run.stdout.contains(section), section)
    }
    XCTAssertEqual(trellis("-h").stdout, run.stdout)
    XCTAssertEqual(trellis("help").stdout, run.stdout)
  }

  func testEverySubcommandHasHelpThreeWays() {
    for name in ["solve", "validate", "devices", "matrix", "rotate", "preview"] {
      let run = trellis(name, "--help")
      XCTAssertEqual(run.status, 0, name)
      XCTAssertEqual(run.stderr, "", name)
      XCTAssertEqual(trellis(name, "-h").stdout, run.stdout, name)
      XCTAssertEqual(trellis("help", name).stdout, run.stdout, name)
      XCTAssertTrue(run.stdout.hasPrefix("OVERVIEW: "), name)
      XCTAssertTrue(run.stdout.contains("\nUSAGE: trellis \(name)"), name)
      XCTAssertTrue(run.stdout.contains("\nOPTIONS:\n"), name)
      XCTAssertEqual(run.stdout.contains("\nARGUMENTS:\n"), name != "devices", name)
      XCTAssertFalse(run.stdout.contains("--version"), "only the root has --version")
      Snapshot.assertMatches(run.stdout, named: "help-\(name)", in: FixturePaths.snapshots)
    }
  }

  func testHelpWinsOverOtherMistakes() {
    XCTAssertEqual(trellis("solve", "--bogus", "--help").status, 0)
    XCTAssertEqual(trellis("solve", "--bogus", "--help").stdout, trellis("solve", "--help").stdout)
  }

  func testDevicesHelpExactly() {
    // Worked out by hand: words are added while a line stays within 80 columns (line 1 is 79,
    // + " Sizes" would be 85; line 2 is 63, + " top,left,bottom,right" 85; line 3 is exactly 80:
    // "... shown." is 76, + " '*'" = 80; line 4 is 77, + " Over" 82; line 5 is exactly 80, ending
    // in " answer to"); option labels sit in a 26-column gutter ("  --format <format>" is 19,
    // padded to 26, + 51 characters of help = 77).
    let expected = """
      OVERVIEW: List the built-in devices.

      The first line names the table's version (when it was last brought up to date).
      Sizes are portrait points; landscape swaps them. Safe areas are
      top,left,bottom,right insets of a full-screen app with the status bar shown. '*'
      marks insets no source gives. iPads marked '+' also have Split View and Slide
      Over windows in 'trellis matrix'. Devices listed under 'Also found as' answer to
      those names too (Apple's names of models with the same screen).

      USAGE: trellis devices [--format <format>]

      OPTIONS:
        --format <format>       What to print. (values: table, json; default: table)
        -h, --help              Show help information.

      """
    XCTAssertEqual(trellis("devices", "--help").stdout, expected)
  }

  func testVersion() {
    let run = trellis("--version")
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.stdout, "trellis 0.1.0\n")
    XCTAssertEqual(run.stderr, "")
  }

  // MARK: Usage errors: stderr, exit 64

  func testUnknownOptionWithSuggestion() {
    let run = trellis("solve", "concentration.json", "--colums", "80")
    XCTAssertEqual(run.status, 64)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(run.stderr, Self.solveError("Unknown option '--colums'. Did you mean '--columns'?"))
  }

  func testUnknownOptionSwappedLetters() {
    // "devcie" → "device": one swap of neighbours.
    XCTAssertEqual(
      trellis("solve", "concentration.json", "--devcie", "iPhone 8").stderr,
      Self.solveError("Unknown option '--devcie'. Did you mean '--device'?"))
  }

  func testUnknownOptionWithoutSuggestion() {
    XCTAssertEqual(
      trellis("solve", "concentration.json", "--frobnicate", "3").stderr,
      Self.solveError("Unknown option '--frobnicate'."))
  }

  func testUnknownSubcommand() {
    let run = trellis("slove", "concentration.json")
    XCTAssertEqual(run.status, 64)
    XCTAssertEqual(
      run.stderr,
      "Error: Unknown subcommand 'slove'. Did you mean 'solve'?\nUsage: trellis <subcommand>\nSee 'trellis --help'.\n")
    XCTAssertEqual(
      trellis("help", "rotat").stderr.split(separator: "\n").first,
      "Error: Unknown subcommand 'rotat'. Did you mean 'rotate'?")
  }

  func testUnknownRootOption() {
    let run = trellis("--verison")
    XCTAssertEqual(run.status, 64)
    XCTAssertEqual(
      run.stderr,
      "Error: Unknown option '--verison'. Did you mean '--version'?\nUsage: trellis <subcommand>\nSee 'trellis --help'.\n"
    )
  }

  func testUnknownDeviceSuggestsTheClosest() {
    let run = trellis("solve", "concentration.json", "--device", "iphone 8 plsu")
    XCTAssertEqual(run.status, 64)
    XCTAssertEqual(run.stderr, Self.solveError("Unknown device 'iphone 8 plsu'. Did you mean 'iPhone 8 Plus'?"))
    XCTAssertEqual(
      trellis("solve", "concentration.json", "--device", "Pixel").stderr,
      Self.solveError("Unknown device 'Pixel'. See 'trellis devices' for the list."))
  }

  func testAmbiguousDevice() {
    XCTAssertEqual(
      trellis("solve", "concentration.json", "--device", "ipad pro 11").stderr,
      Self.solveError(
        "Device 'ipad pro 11' is ambiguous: it could be 'iPad Pro 11-inch (1st-4th gen)', 'iPad Pro 11-inch (M4/M5)'."
      ))
  }

  func testInvalidEnumeratedValues() {
    XCTAssertEqual(
      trellis("solve", "concentration.json", "--format", "svh").stderr,
      Self.solveError("The value 'svh' is invalid for '--format <format>'. Did you mean 'svg'?"))
    XCTAssertEqual(
      trellis("solve", "concentration.json", "--orientation", "sideways").stderr,
      Self.solveError(
        "The value 'sideways' is invalid for '--orientation <orientation>'. Please provide one of 'portrait' or 'landscape'."
      ))
    XCTAssertEqual(
      trellis("solve", "concentration.json", "--format=xml").stderr,
      Self.solveError(
        "The value 'xml' is invalid for '--format <format>'. Please provide one of 'ascii', 'table', 'json' or 'svg'."))
  }

  func testMissingArgumentAndValue() {
    XCTAssertEqual(trellis("solve").stderr, Self.solveError("Missing expected argument '<file>'."))
    XCTAssertEqual(trellis("solve").status, 64)
    XCTAssertEqual(
      trellis("solve", "concentration.json", "--device").stderr, Self.solveError("Missing value for '--device <name>'.")
    )
    XCTAssertEqual(
      trellis("validate").stderr.split(separator: "\n").first, "Error: Missing expected argument '<file> ...'.")
  }

  func testFlagsTakeNoValueAndExtraArgumentsAreRefused() {
    XCTAssertEqual(
      trellis("solve", "concentration.json", "--rtl=yes").stderr,
      Self.solveError("The option '--rtl' does not take a value."))
    XCTAssertEqual(
      trellis("solve", "concentration.json", "two.json").stderr, Self.solveError("Unexpected argument 'two.json'."))
  }

  func testMalformedValues() {
    let cases: [([String], String)] = [
      (
        ["--size", "375by667"],
        "The value '375by667' is invalid for '--size <WxH>'. Expected two numbers greater than 0, e.g. '375x667'."
      ),
      (
        ["--size", "0x10"],
        "The value '0x10' is invalid for '--size <WxH>'. Expected two numbers greater than 0, e.g. '375x667'."
      ),
      (
        ["--traits", "wC"],
        "The value 'wC' is invalid for '--traits <wX,hY>'. Expected a width and a height class, e.g. 'wC,hR'."
      ),
      (
        ["--traits", "wC,wR"],
        "The value 'wC,wR' is invalid for '--traits <wX,hY>'. Expected a width and a height class, e.g. 'wC,hR'."
      ),
      (
        ["--safe-area", "1,2,3"],
        "The value '1,2,3' is invalid for '--safe-area <T,L,B,R>'. Expected four numbers of 0 or more, e.g. '44,0,34,0'."
      ),
      (
        ["--safe-area", "1,-2,3,4"],
        "The value '1,-2,3,4' is invalid for '--safe-area <T,L,B,R>'. Expected four numbers of 0 or more, e.g. '44,0,34,0'."
      ),
      (["--scale", "nan"], "The value 'nan' is invalid for '--scale <n>'. Expected a number greater than 0."),
      (["--columns", "5"], "The value '5' is invalid for '--columns <n>'. Expected a whole number from 10 to 1000."),
      (
        ["--columns", "99999999999999999999"],
        "The value '99999999999999999999' is invalid for '--columns <n>'. Expected a whole number from 10 to 1000."
      ),
      (
        ["--size", "400x400", "--orientation", "landscape"],
        "'--orientation' needs '--device': a custom '--size' has no orientation; give the size you mean."
      ),
    ]
    for (options, message) in cases {
      var arguments = ["solve", "concentration.json"]
      arguments += options
      var out = ""
      var err = ""
      let status = CommandLineTool(pipeline: FakePipeline.pipeline, variables: [:]).run(
        arguments: arguments, stdout: &out, stderr: &err)
      XCTAssertEqual(status, 64, options.joined(separator: " "))
      XCTAssertEqual(err, Self.solveError(message), options.joined(separator: " "))
    }
  }

  func testRotateNeedsADevice() {
    let run = trellis("rotate", "concentration.json")
    XCTAssertEqual(run.status, 64)
    // "Usage: trellis rotate <file> --device <name> [--from <orientation>] [--rtl]" is 75
    // characters; "[--columns <n>]" would make 91, so it wraps, indented by 7 + 14 + 1 = 22;
    // each next line takes options while it stays within 80 characters.
    XCTAssertEqual(
      run.stderr,
      """
      Error: Missing expected option '--device <name>'.
      Usage: trellis rotate <file> --device <name> [--from <orientation>] [--rtl]
                            [--columns <n>] [--ascii] [--content-size <category>]
                            [--scene <id>] [--fonts <dir>] [--text-metric <name>]
                            [--pseudo-locale <name>]
      See 'trellis rotate --help'.

      """)
  }

  // MARK: The parser on its own

  func testParserForms() throws {
    let spec = SolveCommand.spec
    guard
      case .parsed(let parsed) = try ArgumentParser.parse(
        ["--device=iPhone X", "f.json", "--rtl", "--columns", "80", "--columns", "90"], for: spec)
    else { return XCTFail("expected parsed") }
    XCTAssertEqual(parsed.value("device"), "iPhone X")
    XCTAssertTrue(parsed.flag("rtl"))
    XCTAssertEqual(parsed.value("columns"), "90", "the last value wins")
    XCTAssertEqual(parsed.values("columns"), ["80", "90"], "a repeatable option keeps every value, in order")
    XCTAssertEqual(parsed.values("device"), ["iPhone X"])
    XCTAssertEqual(parsed.values("scale"), [])
    XCTAssertEqual(parsed.argument("file"), "f.json")
    XCTAssertThrowsError(try ArgumentParser.parse(["f.json", "--", "--not-an-option"], for: spec)) { error in
      XCTAssertEqual(error as? UsageError, UsageError("Unexpected argument '--not-an-option'."))
    }
  }

  /// A tool without a version (trellis-bench) offers no `--version`; its usage errors read as
  /// the CLI's: the message, the usage line wrapped at 80 columns, the pointer to `--help`.
  func testAToolWithoutAVersionAndItsUsageFailure() {
    var spec = CommandSpec(
      name: "tool", abstract: "A tool.",
      options: [.flag("quick", help: "Fast."), .value("n", valueName: "n", help: "N.")])
    spec.offersVersion = false
    XCTAssertEqual(spec.allOptions.map(\.name), ["quick", "n", "help"])
    XCTAssertThrowsError(try ArgumentParser.parse(["--version"], for: spec)) { error in
      XCTAssertEqual(error as? UsageError, UsageError("Unknown option '--version'."))
    }
    XCTAssertEqual(
      HelpFormatter.usageFailure(UsageError("Unknown option '--quik'."), spec: spec),
      "Error: Unknown option '--quik'.\nUsage: tool [--quick] [--n <n>]\nSee 'tool --help'.\n")
  }

  func testSpelling() {
    XCTAssertEqual(Spelling.closest(to: "--widht", in: ["--width", "--height"]), "--width")  // one swap
    XCTAssertEqual(Spelling.closest(to: "slove", in: ["solve", "validate"]), "solve")
    XCTAssertNil(Spelling.closest(to: "xyz", in: ["solve", "validate"]))
    XCTAssertEqual(DidYouMean.distance("kitten", "sitting"), 3)
  }
}
