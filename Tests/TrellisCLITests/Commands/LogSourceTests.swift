import Foundation
import TrellisCLI
import XCTest

/// `trellis log FILE --with SOURCE [--scene ID]` on a log and sources written here by hand (the
/// addresses are invented). Every expected match, file, line and column is read off the texts
/// below by the rules of docs/logs.md, "Matching a log to its source": a view's location is
/// where its object (`{`) or element (`<`) starts, a constraint's where its string, object or
/// `<constraint` starts.
final class LogSourceTests: TemporaryDirectoryTestCase {
  /// 'Title' 16 below its superview's top; the hidden arranged view 'Two' asked to be 44 high.
  static let log = """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600001 V:|-(16)-[UILabel:0x7f01'Title']   (active, names: '|':UIView:0x7f00 )>",
        "<NSLayoutConstraint:0x600002 UILabel:0x7f03'Two'.height == 44   (active)>",
        "<NSLayoutConstraint:0x600003 'UISV-hiding' UILabel:0x7f03'Two'.height == 0   (active)>"
    )

    Will attempt to recover by breaking constraint
    <NSLayoutConstraint:0x600002 UILabel:0x7f03'Two'.height == 44   (active)>

    """

  /// Line 4: `title` (`{` at column 7); line 5: `rows` (column 7); line 7: `two` (column 9);
  /// line 12: `titleTop`, 20 (not the log's 16), column 5; line 16: `two.height == 44`, column 5.
  static let json = """
    {
      "root": {
        "children": [
          { "id": "title", "kind": "label", "text": "Title" },
          { "id": "rows", "kind": "stack", "axis": "vertical", "spacing": 8, "children": [
            { "id": "one", "kind": "label", "text": "One" },
            { "id": "two", "kind": "label", "text": "Two", "hidden": true }
          ] }
        ]
      },
      "constraints": [
        { "id": "titleTop", "constraint": "title.top == root.top + 20" },
        "title.leading == root.leading + 16",
        "rows.top == title.bottom + 8",
        "rows.leading == root.leading + 16",
        "two.height == 44"
      ]
    }

    """

  /// Two scenes. 'Card' (from line 6): `Title` (line 12), stack `Rows` (line 15) with `One` and
  /// a hidden `Two` (line 21) whose height is 44 (`crd-c5`, line 24); `Title` 20 below the top
  /// (`crd-c1`, with the identifier `titleTop`, line 34). 'Other' (from line 40): its `Title`
  /// (line 46) 16 below the top (`oth-c1`, line 51). Elements start at column 29 (views and the
  /// root's constraints), 37 (`Two`), 45 (`crd-c5`).
  static let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- Written for Trellis's tests by hand. -->
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="crd-vc">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="crd-sc">
                <objects>
                    <viewController id="crd-vc" title="Card" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="crd-rt">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews>
                                <label opaque="NO" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="crd-ti" userLabel="Title">
                                    <rect key="frame" x="16" y="20" width="40" height="21"/>
                                </label>
                                <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="crd-st" userLabel="Rows">
                                    <rect key="frame" x="16" y="49" width="40" height="21"/>
                                    <subviews>
                                        <label opaque="NO" text="One" translatesAutoresizingMaskIntoConstraints="NO" id="crd-on" userLabel="One">
                                            <rect key="frame" x="0.0" y="0.0" width="40" height="21"/>
                                        </label>
                                        <label hidden="YES" opaque="NO" text="Two" translatesAutoresizingMaskIntoConstraints="NO" id="crd-tw" userLabel="Two">
                                            <rect key="frame" x="0.0" y="0.0" width="40" height="44"/>
                                            <constraints>
                                                <constraint firstAttribute="height" constant="44" id="crd-c5"/>
                                            </constraints>
                                        </label>
                                    </subviews>
                                </stackView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="crd-ti" firstAttribute="leading" secondItem="crd-rt" secondAttribute="leading" constant="16" id="crd-c2"/>
                                <constraint firstItem="crd-st" firstAttribute="top" secondItem="crd-ti" secondAttribute="bottom" constant="8" id="crd-c3"/>
                                <constraint firstItem="crd-st" firstAttribute="leading" secondItem="crd-rt" secondAttribute="leading" constant="16" id="crd-c4"/>
                                <constraint firstItem="crd-ti" firstAttribute="top" secondItem="crd-rt" secondAttribute="top" constant="20" identifier="titleTop" id="crd-c1"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="oth-sc">
                <objects>
                    <viewController id="oth-vc" title="Other" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="oth-rt">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews>
                                <label opaque="NO" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="oth-ti" userLabel="Title">
                                    <rect key="frame" x="0.0" y="16" width="40" height="21"/>
                                </label>
                            </subviews>
                            <constraints>
                                <constraint firstItem="oth-ti" firstAttribute="top" secondItem="oth-rt" secondAttribute="top" constant="16" id="oth-c1"/>
                                <constraint firstItem="oth-ti" firstAttribute="leading" secondItem="oth-rt" secondAttribute="leading" id="oth-c2"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>

    """

  func write(_ text: String, _ name: String) throws -> String {
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  func testAJSONSource() throws {
    let log = try write(Self.log, "app.log")
    let source = try write(Self.json, "card.json")
    let run = realTrellis(["log", log, "--with", source])
    XCTAssertEqual(run.status, 0, run.stderr)
    let expected = [
      "  source: \(source)\n",
      "      UILabel 'Title' (…7f01) → 'title' (\(source):4:7): text 'Title'",
      "      UIView (…7f00) → 'root' (\(source):2:11)",
      "      UILabel 'Two' (…7f03) → 'two' (\(source):7:9): text 'Two'",
      "      1. (line 3:6) → no match: the source's 'titleTop' (\(source):12:5) relates the same anchors with "
        + "constant 20 (the log has 16)\n",
      "      2. (line 4:6) → 'constraint#5' (\(source):16:5)\n",
      "      3. (line 5:6) → made by stack 'rows' (\(source):5:7)\n",
    ]
    for line in expected { XCTAssertTrue(run.stdout.contains(line), "\(line)\n---\n\(run.stdout)") }
    // The source section follows its block's report.
    let report = try XCTUnwrap(run.stdout.range(of: "pattern: "))
    let section = try XCTUnwrap(run.stdout.range(of: "  source: "))
    XCTAssertLessThan(report.lowerBound, section.lowerBound)

    let json = realTrellis(["log", log, "--with", source, "--format", "json"])
    XCTAssertEqual(json.status, 0, json.stderr)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let block = try XCTUnwrap((object["blocks"] as? [[String: Any]])?.first)
    XCTAssertNotNil(block["pattern"])
    let match = try XCTUnwrap(block["source"] as? [String: Any])
    let views = try XCTUnwrap(match["views"] as? [[String: Any]])
    XCTAssertEqual(views.map { $0["target"] as? String }, ["title", "root", "two"])
    XCTAssertEqual(views[0]["location"] as? String, "\(source):4:7")
    let constraints = try XCTUnwrap(match["constraints"] as? [[String: Any]])
    XCTAssertEqual(constraints.map { $0["match"] as? String }, ["none", "matched", "madeBy"])
    XCTAssertEqual(
      (constraints[1]["constraint"] as? [String: Any])?["location"] as? String, "\(source):16:5")
  }

  /// The scene 'Card': the storyboard's locations; the identifier `titleTop` becomes the
  /// constraint's id. The scene 'Other': its title is 16 below the top, which the log says.
  func testAStoryboardAndItsScenes() throws {
    let log = try write(Self.log, "app.log")
    let source = try write(Self.storyboard, "Main.storyboard")
    let card = realTrellis(["log", log, "--with", source, "--scene", "Card"])
    XCTAssertEqual(card.status, 0, card.stderr)
    let expected = [
      "      UILabel 'Title' (…7f01) → 'title' (\(source):12:29)",
      "      UILabel 'Two' (…7f03) → 'two' (\(source):21:37)",
      "      1. (line 3:6) → no match: the source's 'titleTop' (\(source):34:29) relates the same anchors with "
        + "constant 20 (the log has 16)\n",
      "      2. (line 4:6) → 'ib_crd_c5' (\(source):24:45)\n",
      "      3. (line 5:6) → made by stack 'rows' (\(source):15:29)\n",
    ]
    for line in expected { XCTAssertTrue(card.stdout.contains(line), "\(line)\n---\n\(card.stdout)") }

    let other = realTrellis(["log", log, "--with", source, "--scene", "Other"])
    XCTAssertEqual(other.status, 0, other.stderr)
    let otherLines = [
      "      UILabel 'Title' (…7f01) → 'title' (\(source):46:29)",
      "      1. (line 3:6) → 'ib_oth_c1' (\(source):51:29)\n",
      "      UILabel 'Two' (…7f03) → no match: nothing in the source fits it (the nearest, 'title': text differs "
        + "('Title' in the source), class UILabel ↔ label)\n",
      "      2. (line 4:6) → no match: UILabel 'Two' (…7f03) has no match in the source\n",
      "      3. (line 5:6) → no match: made by a stack view; UILabel 'Two' (…7f03) has no unique match in the source\n",
    ]
    for line in otherLines { XCTAssertTrue(other.stdout.contains(line), "\(line)\n---\n\(other.stdout)") }

    // Two scenes and no --scene: the importer's error, located, and exit 1.
    let none = realTrellis(["log", log, "--with", source])
    XCTAssertEqual(none.status, 1)
    XCTAssertTrue(none.stderr.contains("\(source):1:1: error: the file has 2 scenes"), none.stderr)
    XCTAssertEqual(none.stdout, "")
  }

  /// A source that does not parse: its located error, nothing matched, exit 1.
  func testASourceWithAParseError() throws {
    let log = try write(Self.log, "app.log")
    let source = try write("{\n  \"root\": {\n    \"children\": [ { \"id\": \"a\" } \n  }\n}\n", "bad.json")
    let run = realTrellis(["log", log, "--with", source])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stderr.contains("\(source):4:3: error:"), run.stderr)
    XCTAssertTrue(run.stderr.contains("the log was not matched to it"), run.stderr)
    XCTAssertEqual(run.stdout, "")
  }

  func testSceneNeedsASource() throws {
    let log = try write(Self.log, "app.log")
    let run = realTrellis(["log", log, "--scene", "Card"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.stderr.contains("'--scene' is only used with '--with <source>'"), run.stderr)
    let json = realTrellis(["log", log, "--with", "card.json", "--scene", "Card"])
    XCTAssertEqual(json.status, 64)
    XCTAssertTrue(json.stderr.contains("'--scene' picks a scene of a .storyboard or .xib"), json.stderr)
    let svg = realTrellis(["log", log, "--with", log, "--format", "svg"])
    XCTAssertEqual(svg.status, 64)
    XCTAssertTrue(svg.stderr.contains("'--format svg' draws one block without it"), svg.stderr)
  }
}
