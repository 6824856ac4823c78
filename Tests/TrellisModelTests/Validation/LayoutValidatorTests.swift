import TrellisModel
import TrellisTestSupport
import XCTest

/// The validator on documents built in Swift, with no file behind them: the same rules and
/// messages as for a JSON file, pointing at the view or constraint when no value origin was
/// recorded.
final class LayoutValidatorTests: XCTestCase {
  private let here = SourceLocation(file: "Builder.swift", line: 10, column: 1)

  private func anchor(_ name: String, _ attribute: LayoutAttribute) -> AnchorReference {
    AnchorReference(item: LayoutItem(name: name), attribute: attribute, location: here)
  }

  private func document(_ children: [ViewNode], _ constraints: [ConstraintSpec]) -> LayoutDocument {
    LayoutDocument(
      file: "Builder.swift", root: ViewNode(id: "root", kind: .view, children: children), constraints: constraints)
  }

  func testACleanDocumentHasNoProblems() {
    let doc = document(
      [ViewNode(id: "a", kind: .label, text: Varying("Hi"))],
      [
        ConstraintSpec(
          id: "c1", first: anchor("a", .top), relation: .equal, second: anchor("safeArea", .top), source: "c1"),
        ConstraintSpec(
          id: "c2", first: anchor("a", .leading), relation: .equal, second: anchor("root", .leading), source: "c2"),
      ])
    XCTAssertEqual(LayoutValidator().validate(doc), [])
  }

  func testALocationMultiplierIsWarnedAboutUnlessTheFrontEndAsksNotTo() {
    // `a.centerX == 0.5 × root.centerX`: a location times a multiplier, as Interface Builder
    // writes it and a layout file may.
    let doc = document(
      [ViewNode(id: "a", kind: .view)],
      [
        ConstraintSpec(
          id: "c1", first: anchor("a", .centerX), relation: .equal, second: anchor("root", .centerX),
          multiplier: 0.5, source: "c1")
      ])
    XCTAssertEqual(LayoutValidator().validate(doc).map(\.code.rawValue), ["location-multiplier"])
    XCTAssertEqual(LayoutValidator(warnsOfLocationMultipliers: false).validate(doc), [])
  }

  func testUnknownViewsDuplicateIdsAndOutOfRangeNumbersInACodeBuiltDocument() {
    var label = ViewNode(id: "title", kind: .label, text: Varying("Hi"), fontSize: Varying(-3))
    label.location = SourceLocation(file: "Builder.swift", line: 4, column: 7)
    var duplicate = ViewNode(id: "title", kind: .view)
    duplicate.location = SourceLocation(file: "Builder.swift", line: 5, column: 7)
    let doc = document(
      [label, duplicate],
      [
        ConstraintSpec(
          id: "c1", first: anchor("titel", .top), relation: .equal, second: anchor("root", .top), source: "c1"),
        ConstraintSpec(
          id: "c2", first: anchor("title", .width), relation: .equal, second: anchor("title", .top), source: "c2"),
        ConstraintSpec(
          id: "c3", first: anchor("title", .height), relation: .equal, constant: Varying(10), priority: Varying(1200),
          source: "c3", location: here),
      ])
    let found = LayoutValidator().validate(doc)
    XCTAssertEqual(
      found.map(\.code),
      ["out-of-range", "duplicate-id", "unknown-view", "incompatible-attributes", "out-of-range"])
    // No origins were recorded: each problem points at its view or constraint.
    XCTAssertEqual(found[0].message, "\"fontSize\" must be greater than 0 (found -3)")
    XCTAssertEqual(found[0].location, label.location)
    XCTAssertEqual(found[1].message, "duplicate view id 'title'; each view needs its own id")
    XCTAssertEqual(found[1].location, duplicate.location)
    XCTAssertEqual(found[1].notes, [Diagnostic.Note("'title' is first used here", at: label.location)])
    XCTAssertEqual(found[2].message, "unknown view 'titel'; did you mean 'title'?")
    XCTAssertEqual(found[4].message, "priority 1200 is out of range; use 1…1000 (1000 = required)")
    XCTAssertEqual(found[4].location, here)
    XCTAssertTrue(found.allSatisfy { $0.severity == .error && $0.environments.isEmpty })
  }

  func testRecordedOriginsAreWhereProblemsPoint() {
    var view = ViewNode(id: "a", kind: .view, intrinsicWidth: -4)
    let origin = SourceLocation(file: "x.json", line: 3, column: 21)
    view.origins.record("intrinsicSize.width", at: origin, path: "$.root.children[0].intrinsicSize.width")
    let found = LayoutValidator().validate(document([view], []))
    XCTAssertEqual(found.map(\.message), ["the intrinsic width must not be negative (found -4)"])
    XCTAssertEqual(found.first?.location, origin)
    XCTAssertEqual(found.first?.path, "$.root.children[0].intrinsicSize.width")
  }

  func testReservedAndMalformedIdsAndGuideChildren() {
    var guide = ViewNode(id: "g", kind: .guide, children: [ViewNode(id: "inside", kind: .view)])
    guide.origins.record("children", at: here)
    var reserved = ViewNode(id: "safeArea", kind: .view)
    reserved.origins.record("id", at: here)
    var malformed = ViewNode(id: "2nd", kind: .view)
    malformed.origins.record("id", at: SourceLocation(file: "x.json", line: 1, column: 5, offset: 4))
    let found = LayoutValidator().validate(document([guide, reserved, malformed], []))
    XCTAssertEqual(found.map(\.code), ["guide-children", "reserved-id", "invalid-id"])
    // The bad scalar of "2nd" is the first: one column after the opening quote at column 5.
    XCTAssertEqual(found.last?.location?.column, 6)
  }

  func testAWidthOnlyAndAHeightOnlyVariationThatDisagreeArePointedOut() {
    let hidden = Varying(
      false,
      variations: [
        .init(pattern: TraitPattern(horizontal: .regular), value: true, location: here),
        .init(pattern: TraitPattern(vertical: .compact), value: false, location: here),
      ])
    let found = LayoutValidator().validate(document([ViewNode(id: "a", kind: .view, hidden: hidden)], []))
    XCTAssertEqual(found.map(\.code), ["overlapping-variations"])
    XCTAssertEqual(found.first?.severity, .warning)
  }
}
