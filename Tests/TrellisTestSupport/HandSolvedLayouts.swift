import TrellisModel

/// Hand-built solved layouts for renderer and command tests (no solver involved).
package enum Fixtures {
  package static func frame(
    _ id: String, _ kind: ViewKind = .view, parent: String?, _ rect: Rect, parentOrigin: (Double, Double) = (0, 0),
    hidden: Bool = false, effectivelyHidden: Bool? = nil, text: String? = nil
  ) -> LayoutResult.ViewFrame {
    LayoutResult.ViewFrame(
      id: id, kind: kind, parent: parent, frame: rect,
      frameInParent: Rect(
        x: rect.x - parentOrigin.0, y: rect.y - parentOrigin.1, width: rect.width, height: rect.height),
      hidden: hidden, isEffectivelyHidden: effectivelyHidden ?? hidden, text: text)
  }

  /// A 200x120 root with safe-area top inset 20, two views side by side and a hidden one:
  /// - a    (20, 40, 60, 60)
  /// - b    (100, 40, 80, 60)
  /// - gone (10, 10, 30, 30), hidden
  package static var twoViews: LayoutResult {
    let environment = Environment(
      containerSize: Size(width: 200, height: 120), traits: TraitCollection(horizontal: .compact, vertical: .regular),
      safeAreaInsets: EdgeInsets(top: 20), scale: 2)
    return LayoutResult(
      environment: environment,
      views: [
        frame("root", parent: nil, Rect(x: 0, y: 0, width: 200, height: 120)),
        frame("a", parent: "root", Rect(x: 20, y: 40, width: 60, height: 60)),
        frame("b", .label, parent: "root", Rect(x: 100, y: 40, width: 80, height: 60), text: "Hi"),
        frame("gone", parent: "root", Rect(x: 10, y: 10, width: 30, height: 30), hidden: true),
      ],
      safeArea: Rect(x: 0, y: 20, width: 200, height: 100), margins: Rect(x: 8, y: 28, width: 184, height: 84),
      diagnostics: [], hasConflicts: false, ambiguousViews: [])
  }

  /// The two-view fixture with `b` solved −20 pt tall (y 40, so its box spans y 20…40), and the
  /// engine's `negative-frame` error for it.
  package static var twoViewsWithFlippedB: LayoutResult {
    var result = twoViews
    result.views[2].frame = Rect(x: 100, y: 40, width: 80, height: -20)
    result.diagnostics = [
      Diagnostic(
        .error, "View 'b' is -20 pt tall", code: "negative-frame", kind: .frame, environment: result.environment)
    ]
    return result
  }

  // MARK: Concentration

  /// The CS193P Concentration layout solved by hand for an environment: 4×5 cards with the label
  /// below (regular height) or 5×4 with the label at the trailing side (compact height).
  ///
  /// Views: root; grid (outer horizontal stack, spacing 8): cards (vertical stack of row1…row5,
  /// each a horizontal stack of 4 cards) and extra (vertical stack of card21…card24); flips (label).
  package static func concentration(_ environment: Environment) -> LayoutResult {
    let size = environment.containerSize
    let insets = environment.safeAreaInsets
    let safe = Rect(
      x: insets.left, y: insets.top, width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom)
    let compactHeight = environment.traits.vertical == .compact
    let flips: Rect
    let grid: Rect
    if compactHeight {
      // "Flips\nN": two lines at 20 pt ≈ 50 x 48; trailing = safe trailing − 8, centred vertically.
      flips = Rect(x: safe.maxX - 8 - 50, y: safe.midY - 24, width: 50, height: 48)
      grid = Rect(x: safe.minX + 8, y: safe.minY + 8, width: flips.minX - 8 - (safe.minX + 8), height: safe.height - 16)
    } else {
      // "Flips: N" ≈ 80 x 24, centred, bottom on the safe area; grid bottom = label top − 8.
      flips = Rect(x: safe.midX - 40, y: safe.maxY - 24, width: 80, height: 24)
      grid = Rect(x: safe.minX + 8, y: safe.minY + 8, width: safe.width - 16, height: flips.minY - 8 - (safe.minY + 8))
    }
    let columns = compactHeight ? 5 : 4
    let rows = compactHeight ? 4 : 5
    let cardWidth = (grid.width - 8 * Double(columns - 1)) / Double(columns)
    let cardHeight = (grid.height - 8 * Double(rows - 1)) / Double(rows)
    let cardsWidth = 4 * cardWidth + 24

    var views: [LayoutResult.ViewFrame] = [
      frame("root", parent: nil, Rect(x: 0, y: 0, width: size.width, height: size.height)),
      frame("grid", .stack, parent: "root", grid),
      frame("cards", .stack, parent: "grid", Rect(x: grid.x, y: grid.y, width: cardsWidth, height: grid.height)),
    ]
    var card = 1
    for rowIndex in 0..<5 {
      let hiddenRow = compactHeight && rowIndex == 4
      let rowRect =
        hiddenRow
        ? Rect(x: grid.x, y: grid.maxY, width: cardsWidth, height: 0)
        : Rect(x: grid.x, y: grid.y + Double(rowIndex) * (cardHeight + 8), width: cardsWidth, height: cardHeight)
      views.append(frame("row\(rowIndex + 1)", .stack, parent: "cards", rowRect, hidden: hiddenRow))
      for columnIndex in 0..<4 {
        let rect = Rect(
          x: grid.x + Double(columnIndex) * (cardWidth + 8), y: rowRect.y, width: cardWidth, height: rowRect.height)
        views.append(
          frame("card\(card)", .button, parent: "row\(rowIndex + 1)", rect, effectivelyHidden: hiddenRow, text: "?"))
        card += 1
      }
    }
    let extra =
      compactHeight
      ? Rect(x: grid.x + cardsWidth + 8, y: grid.y, width: cardWidth, height: grid.height)
      : Rect(x: grid.maxX, y: grid.y, width: 0, height: grid.height)
    views.append(frame("extra", .stack, parent: "grid", extra, hidden: !compactHeight))
    for index in 0..<4 {
      let rect = Rect(x: extra.x, y: grid.y + Double(index) * (cardHeight + 8), width: extra.width, height: cardHeight)
      views.append(
        frame("card\(21 + index)", .button, parent: "extra", rect, effectivelyHidden: !compactHeight, text: "?"))
    }
    views.append(frame("flips", .label, parent: "root", flips, text: compactHeight ? "Flips\n0" : "Flips: 0"))
    return LayoutResult(
      environment: environment, views: views, safeArea: safe,
      margins: Rect(x: safe.x + 8, y: safe.y + 8, width: safe.width - 16, height: safe.height - 16), diagnostics: [],
      hasConflicts: false, ambiguousViews: [])
  }

  /// The Concentration resolution: which file constraints are installed and which views are hidden.
  package static func concentrationResolved(_ environment: Environment) -> ResolvedLayout {
    let compactHeight = environment.traits.vertical == .compact
    let solved = concentration(environment)
    let views = solved.views.map { view in
      ResolvedView(
        id: view.id, kind: view.kind, parent: view.parent,
        children: solved.views.filter { $0.parent == view.id }.map(\.id), hidden: view.hidden, text: view.text,
        fontSize: view.id == "flips" ? 20 : 17, numberOfLines: view.id == "flips" ? 0 : 1, intrinsicWidth: nil,
        intrinsicHeight: nil, firstBaselineOffset: nil, lastBaselineOffset: nil,
        hugging: AxisValues(horizontal: 250, vertical: 250),
        compressionResistance: AxisValues(horizontal: 750, vertical: 750),
        layoutMargins: .uniform(8), stack: nil, location: nil)
    }
    func constraint(
      _ id: String, _ first: String, _ relation: LayoutRelation, _ second: String, _ constant: Double, line: Int
    )
      -> LayoutConstraint
    {
      func anchor(_ text: String) -> AnchorReference {
        let parts = text.split(separator: ".").map(String.init)
        return AnchorReference(item: LayoutItem(name: parts[0]), attribute: LayoutAttribute(rawValue: parts[1]) ?? .top)
      }
      return LayoutConstraint(
        id: id, first: anchor(first), relation: relation, second: anchor(second), constant: constant,
        origin: .file(id: id),
        source: "", location: SourceLocation(file: "concentration.json", line: line, column: 5))
    }
    var constraints = [
      constraint("gridTop", "grid.top", .equal, "safeArea.top", 8, line: 40),
      constraint("gridLeading", "grid.leading", .equal, "safeArea.leading", 8, line: 41),
      constraint("extraWidth", "extra.width", .equal, "card1.width", 0, line: 42),
    ]
    if compactHeight {
      constraints += [
        constraint("flipsCenterY", "flips.centerY", .equal, "safeArea.centerY", 0, line: 50),
        constraint("flipsTrailing", "flips.trailing", .equal, "safeArea.trailing", -8, line: 51),
        constraint("gridBeforeFlips", "grid.trailing", .equal, "flips.leading", -8, line: 52),
        constraint("gridBottomCompact", "grid.bottom", .equal, "safeArea.bottom", -8, line: 53),
      ]
    } else {
      constraints += [
        constraint("gridTrailing", "grid.trailing", .equal, "safeArea.trailing", -8, line: 44),
        constraint("flipsCenterX", "flips.centerX", .equal, "safeArea.centerX", 0, line: 45),
        constraint("flipsBottom", "flips.bottom", .equal, "safeArea.bottom", 0, line: 46),
        constraint("gridAboveFlips", "grid.bottom", .equal, "flips.top", -8, line: 47),
      ]
    }
    return ResolvedLayout(environment: environment, views: views, constraints: constraints)
  }
}
