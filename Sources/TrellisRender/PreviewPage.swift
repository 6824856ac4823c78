import TrellisModel
import TrellisSupport

/// One self-contained HTML page that shows a layout in many environments: a device picker,
/// orientation and Split View toggles, the size classes, the drawing (inline SVG the page's own
/// script builds from embedded JSON), each view's frame, constraints and "why" (its frame values
/// explained, PreviewPage+Why.swift) on hover, and the environment's diagnostics (`trellis preview`).
///
/// The page loads nothing: one inline `<style>`, one inline data block and one inline
/// `<script>`, and no URL at all (the script takes the SVG namespace from an `<svg>` element the
/// HTML parser made). Every string from the layout (ids, text, messages, the title) reaches the
/// page either HTML-escaped or inside the JSON data block with `<`, `>` and `&` written as
/// `\u003c`, `\u003e` and `\u0026`, so no text can close the block or start a tag; the script
/// puts strings into the document only as text nodes and attribute values.
///
/// A page may hold several layouts (``Scene``: a storyboard's scenes, or several files): a
/// scene picker lists the screens, then the cells, and a cell's environment says its row height
/// and table width.
///
/// The page's script honours `#scene=NAME&device=NAME&orientation=landscape&window=1/2&view=ID`
/// (or the same as a query), so a browser or a test can open any scene, environment and view's
/// details directly; without a device it opens on the default one (`trellis preview`: iPhone 17). It
/// keeps the environment chosen in the page's address (`#device=…&orientation=…&window=…`, with
/// `scene=…` first when there are several) and in the `link` in its header, so that a link can
/// point at an environment.
///
/// Labels and buttons show their text as the layout laid it out (the SVG picture's rules,
/// ``SVGRenderer``), and the hover panel says the font, the number of lines and the measured
/// size. Views off screen are marked by an arrow and their id at the nearest edge, views past
/// their superview by orange dashes, and both say so in the list and the hover panel
/// (``Placement``). It marks what it drew:
/// the `<svg id="canvas">` has `data-environment`, each view's rectangle `data-view` (its id)
/// and `data-frame` (`x y width height` in root points).
package enum PreviewPage {
  /// One environment of the page, as a command solved and checked it.
  package struct Environment: Sendable {
    /// The device's name, as the picker lists it.
    package var device: String
    /// `portrait` or `landscape`.
    package var orientation: String
    /// `full`, or the Split View width (`1/3`, `1/2`, `2/3`).
    package var window: String
    /// `ok`, or the status `matrix` reports.
    package var status: String
    /// The failing problem in words (empty when ok).
    package var problem: String
    /// The diagnostics to list beside the picture (a command's checks for this environment).
    package var diagnostics: [Diagnostic]
    package var result: LayoutResult
    /// Why each view's x, y, width and height are what they are (the hover panel's "why"; see
    /// PreviewPage+Why.swift), empty for none.
    package var explanations: [FrameExplanation] = []

    package init(
      device: String, orientation: String, window: String, status: String, problem: String,
      diagnostics: [Diagnostic], result: LayoutResult
    ) {
      self.device = device
      self.orientation = orientation
      self.window = window
      self.status = status
      self.problem = problem
      self.diagnostics = diagnostics
      self.result = result
    }
  }

  /// One layout of the page: a screen, or a cell laid out in each environment's table or
  /// collection (its `cell` in the environment), with its environments.
  package struct Scene: Sendable {
    /// Whether the picker lists the scene under "Screens" or "Cells".
    package enum Kind: String, Sendable {
      case screen, cell
    }
    /// How the scene picker names it (a file, or a storyboard's scene).
    package var name: String
    package var kind: Kind
    /// In the order the device picker lists them (devices in first-seen order).
    package var environments: [Environment]

    package init(name: String, kind: Kind, environments: [Environment]) {
      self.name = name
      self.kind = kind
      self.environments = environments
    }
  }

  /// The whole page of one layout.
  ///
  /// - Parameters:
  ///   - environments: in the order the picker lists them (devices in first-seen order).
  ///   - title: names the layout (usually its path).
  ///   - defaultDevice: the device the page opens on when its address names none (the first
  ///     listed when it is not among them).
  package static func render(_ environments: [Environment], title: String, defaultDevice: String? = nil) -> String {
    render(
      scenes: [Scene(name: title, kind: .screen, environments: environments)], title: title,
      defaultDevice: defaultDevice)
  }

  /// The whole page of several layouts (a storyboard's scenes, several files): a scene picker
  /// lists the screens, then the cells, each in the given order, and the page shows one at a
  /// time in the environment picked (kept when the scene changes, where the scene has it).
  package static func render(scenes: [Scene], title: String, defaultDevice: String? = nil) -> String {
    var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    out += "<title>\(escapeHTML(title)) — trellis preview</title>\n"
    out += "<style>\n\(style)</style>\n</head>\n<body>\n"
    out += "<header><h1>\(escapeHTML(title))</h1>\n"
    out += "<form id=\"picker\">\n"
    out +=
      "<label id=\"scene-picker\"\(scenes.count > 1 ? "" : " hidden")>Scene <select id=\"scene\"></select></label>\n"
    out += "<label>Device <select id=\"device\"></select></label>\n"
    out += "<fieldset id=\"orientation\"><legend>Orientation</legend></fieldset>\n"
    out += "<fieldset id=\"window\"><legend>Split View width</legend></fieldset>\n"
    out += "<label><input type=\"checkbox\" id=\"show-hidden\" checked> hidden views</label>\n"
    out += "<a id=\"link\" title=\"A link to this page open on this environment\">link</a>\n"
    out += "</form>\n<p id=\"environment\"></p><p id=\"notice\" class=\"error\"></p></header>\n"
    out += "<main>\n<section id=\"picture\"><svg id=\"canvas\" role=\"img\"></svg>\n\(legend)</section>\n"
    out += "<aside>\n<section><h2>Status</h2><p id=\"status\"></p></section>\n"
    out += "<section><h2>Diagnostics</h2><ul id=\"diagnostics\"></ul></section>\n"
    out += "<section><h2>View</h2><div id=\"details\"><p class=\"hint\">Hover over a view.</p></div></section>\n"
    out += "<section><h2>Views</h2><ul id=\"views\"></ul></section>\n"
    out += "</aside>\n</main>\n"
    out += "<script type=\"application/json\" id=\"trellis-data\">"
    out += embeddedJSON(data(scenes: scenes, title: title, defaultDevice: defaultDevice))
    out += "</script>\n<script>\n\(whyScript)\(script)</script>\n</body>\n</html>\n"
    return out
  }

  /// `&`, `<`, `>`, `"` and `'` as character references: safe in text and in quoted attributes.
  package static func escapeHTML(_ text: String) -> String { MarkupText.escape(text) }

  /// JSON text safe inside `<script>`: `<`, `>` and `&` only ever occur inside JSON strings,
  /// where `\uXXXX` means the same character, so no `</script>` or `<!--` can appear; U+2028
  /// and U+2029 are escaped too, for tools that read the block as JavaScript.
  package static func embeddedJSON(_ value: JSONValue) -> String {
    var out = ""
    for scalar in value.compact().unicodeScalars {
      switch scalar {
      case "<": out += "\\u003c"
      case ">": out += "\\u003e"
      case "&": out += "\\u0026"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  // MARK: Data

  /// The page's data for one layout (``data(scenes:title:defaultDevice:)`` with one screen).
  package static func data(_ environments: [Environment], title: String, defaultDevice: String? = nil) -> JSONValue {
    data(
      scenes: [Scene(name: title, kind: .screen, environments: environments)], title: title,
      defaultDevice: defaultDevice)
  }

  /// The page's data: `{title, defaultDevice, scenes: [{name, kind}], constraints: [{a, b, text,
  /// source, origin}], environments: [...]}`. Each environment names its scene by index;
  /// constraints are listed once for all environments (most are the same in every one) and each
  /// environment names its own by index.
  package static func data(scenes: [Scene], title: String, defaultDevice: String? = nil) -> JSONValue {
    var constraints: [JSONValue] = []
    var indexByKey: [JSONValue: Int] = [:]
    var items: [JSONValue] = []
    var why = WhyTable()
    // Screens first, then cells, each kind in the order given.
    let ordered = scenes.filter { $0.kind == .screen } + scenes.filter { $0.kind == .cell }
    for (sceneIndex, scene) in ordered.enumerated() {
      for entry in scene.environments {
        var used: [JSONValue] = []
        let placing = entry.result.resolution?.constraintSet().constraints ?? []
        for constraint in placing {
          let first = constraint.first.item.viewID
          let second = constraint.second?.item.viewID
          // Only constraints that place a view: the page lists them under the view.
          guard first != nil || second != nil else { continue }
          let value = JSONValue.object([
            "a": .optional(first), "b": .optional(second), "text": .string(constraint.description),
            "source": .string(constraint.source), "origin": .string(origin(of: constraint)),
          ])
          let index: Int
          if let known = indexByKey[value] {
            index = known
          } else {
            index = constraints.count
            indexByKey[value] = index
            constraints.append(value)
          }
          used.append(.number(Double(index)))
        }
        items.append(withWhy(environment(entry, scene: sceneIndex, constraints: used), entry, &why))
      }
    }
    return .object([
      "title": .string(title), "defaultDevice": .optional(defaultDevice),
      "scenes": .array(ordered.map { .object(["name": .string($0.name), "kind": .string($0.kind.rawValue)]) }),
      "constraints": .array(constraints),
      "environments": .array(items), "why": .array(why.items), "whySteps": .array(why.steps),
      "whyLost": .array(why.lost),
    ])
  }

  private static func environment(_ entry: Environment, scene: Int, constraints: [JSONValue]) -> JSONValue {
    let result = entry.result
    let environment = result.environment
    let insets = environment.safeAreaInsets
    let marks = Placement.marks(result)
    var cell = FrameTable.cellLine(result)
    if cell.hasSuffix("\n") { cell.removeLast() }
    return .object([
      "scene": .number(Double(scene)), "cell": cell.isEmpty ? .null : .string(cell),
      "device": .string(entry.device), "orientation": .string(entry.orientation), "window": .string(entry.window),
      "name": .string(environment.description),
      "width": .number(environment.containerSize.width), "height": .number(environment.containerSize.height),
      "horizontal": .string(environment.traits.horizontal.rawValue),
      "vertical": .string(environment.traits.vertical.rawValue),
      "scale": .number(environment.scale),
      "direction": .string(environment.layoutDirection == .rightToLeft ? "rtl" : "ltr"),
      "insets": .array([insets.top, insets.left, insets.bottom, insets.right].map(JSONValue.number)),
      "safeArea": rect(result.safeArea), "margins": rect(result.margins),
      "status": .string(entry.status), "problem": .string(entry.problem),
      "views": .array(
        result.views.indices.map { index in
          let view = result.views[index]
          return .object([
            "id": .string(view.id), "kind": .string(view.kind.rawValue), "parent": .optional(view.parent),
            "frame": rect(view.frame), "hidden": .bool(view.hidden), "drawn": .bool(!view.isEffectivelyHidden),
            "text": .optional(view.text), "shown": shownText(result, index),
            "mark": .optional(marks[index].map { $0.describe(rootID: result.views.first?.id) }),
            "offScreen": .optional(marks[index].flatMap { if case .offScreen(let way) = $0 { way } else { nil } }),
          ])
        }),
      "constraints": .array(constraints),
      "diagnostics": .array(
        entry.diagnostics.map { diagnostic in
          .object([
            "severity": .string(diagnostic.severity.rawValue), "code": .string(diagnostic.code.rawValue),
            "message": .string(diagnostic.message), "line": .optional(diagnostic.location?.line),
            "column": .optional(diagnostic.location?.column),
            "notes": .array(diagnostic.notes.map { .string($0.message) }),
          ])
        }),
    ])
  }

  /// A text as the layout laid it out (``LayoutResult/shownText(ofViewAt:)``): `{lines: [[text,
  /// width, baseline]], family, font, size, weight, lineHeight, top, area, measured, truncated}`;
  /// null without one.
  private static func shownText(_ result: LayoutResult, _ index: Int) -> JSONValue {
    guard result.views[index].kind == .label || result.views[index].kind == .button,
      let text = result.shownText(ofViewAt: index)
    else { return .null }
    return .object([
      "lines": .array(text.lines.map { .array([.string($0.text), .number($0.width), .number($0.baseline)]) }),
      "family": .string(SVGRenderer.fontFamily(text.fontName)), "font": .string(text.fontName ?? "system"),
      "size": .number(text.fontSize), "weight": .number(Double(text.fontWeight)),
      "lineHeight": .number(text.lineHeight), "top": .number(text.top), "area": rect(text.area),
      "measured": .array([.number(text.size.width), .number(text.size.height)]), "truncated": .bool(text.isTruncated),
    ])
  }

  private static func rect(_ r: Rect) -> JSONValue { .array([r.x, r.y, r.width, r.height].map(JSONValue.number)) }

  /// Why the constraint exists, in a few words: where the file wrote it, or what made it.
  private static func origin(of constraint: LayoutConstraint) -> String {
    switch constraint.origin {
    case .file(let id, _):
      let line = constraint.location.map { ", line \($0.line)" } ?? ""
      return "file constraint '\(id)'\(line)"
    case .stack(let id, let reason): return "stack '\(id)' (\(reason))"
    case .intrinsic(let id, let reason): return "content size of '\(id)' (\(reason))"
    case .container(let reason): return "container (\(reason))"
    case .scroll(let id, let reason): return "scroll view '\(id)' (\(reason))"
    }
  }

  // MARK: Page text

  private static let style = """
    body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #222; background: #f4f4f6; }
    header { padding: 8px 16px; background: #fff; border-bottom: 1px solid #ccc; }
    h1 { font-size: 16px; margin: 0 0 6px; }
    h2 { font-size: 13px; margin: 12px 0 4px; text-transform: uppercase; color: #555; }
    form { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
    fieldset { border: 1px solid #ccc; padding: 2px 8px; margin: 0; }
    fieldset[disabled] { opacity: 0.4; }
    legend { font-size: 11px; color: #555; }
    #environment { margin: 6px 0 0; font-weight: 600; }
    main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; }
    #picture { flex: 1 1 auto; min-width: 0; }
    #canvas { display: block; max-width: 100%; max-height: 74vh; width: 100%; background: #e8e8ec; }
    aside { flex: 0 0 360px; max-height: 90vh; overflow: auto; background: #fff; padding: 0 12px 12px;
      border: 1px solid #ccc; }
    ul { padding-left: 18px; margin: 0; }
    .error { color: #b00020; } .warning { color: #8a5a00; } .note { color: #555; }
    .status-ok { color: #006b2e; } .status-bad { color: #b00020; }
    code, .mono { font-family: ui-monospace, monospace; font-size: 12px; }
    .constraint { margin-bottom: 4px; } .constraint small { display: block; color: #666; }
    .hint { color: #777; }
    #views li { cursor: default; } #views li:hover { background: #eef; }
    svg .view { fill: rgba(70, 110, 200, 0.12); stroke: #4660a8; stroke-width: 1; vector-effect: non-scaling-stroke; }
    svg .view.hidden { fill: none; stroke: #999; stroke-dasharray: 4 3; }
    svg .view.root { fill: #fff; stroke: #333; }
    svg .view.active { stroke: #d2410a; stroke-width: 3; fill: rgba(210, 65, 10, 0.15); }
    svg .view.related { stroke: #0a8a5a; stroke-width: 2; }
    svg .safe-area { fill: none; stroke: #2a7de1; stroke-dasharray: 6 4; vector-effect: non-scaling-stroke;
      pointer-events: none; }
    svg text { pointer-events: none; fill: #333; }
    svg text.id { fill: #4660a8; font-family: ui-monospace, monospace; }
    svg text.view-text { fill: #111; }
    svg .outside-mark { fill: none; stroke: #e36209; stroke-width: 2; stroke-dasharray: 6 2;
      vector-effect: non-scaling-stroke; pointer-events: none; }
    svg text.off-screen { fill: #e36209; font-family: ui-monospace, monospace; }
    svg .layout-margins { fill: none; stroke: #2da44e; stroke-dasharray: 1 3; vector-effect: non-scaling-stroke;
      pointer-events: none; }
    #link { font-size: 12px; }
    #legend { list-style: none; padding: 6px 0 0; margin: 0; display: flex; flex-wrap: wrap; gap: 4px 16px;
      font-size: 12px; color: #444; }
    #legend li { display: flex; align-items: center; gap: 6px; } #legend li[hidden] { display: none; }
    #legend svg { flex: none; }
    /* A narrow window (a phone): the panel goes under the picture, which keeps the whole width. */
    @media (max-width: 760px) {
      main { flex-direction: column; padding: 8px; }
      #picture, aside { width: 100%; box-sizing: border-box; }
      aside { flex: none; max-height: none; }
      #canvas { max-height: 70vh; }
    }

    """

  /// What each line, colour and mark of the drawing means, under it; each sample is drawn with
  /// the drawing's own classes, so that it cannot drift from what it explains. The script hides
  /// the marks the environment shown does not use.
  private static let legend: String = {
    func sample(_ shape: String) -> String {
      "<svg width=\"28\" height=\"14\" viewBox=\"-2 -2 28 14\" aria-hidden=\"true\">\(shape)</svg>"
    }
    let box = "x=\"0\" y=\"0\" width=\"24\" height=\"10\""
    let entries: [(key: String, sample: String, text: String)] = [
      (
        "view", sample("<rect class=\"view\" \(box)/>"), "view (blue; its id in the corner when nothing is drawn in it)"
      ),
      (
        "hidden", sample("<rect class=\"view hidden\" \(box)/>"),
        "hidden view (grey dashes, no fill; the \u{201C}hidden views\u{201D} box shows or hides them)"
      ),
      ("safe-area", sample("<rect class=\"safe-area\" \(box)/>"), "safe area (blue dashes)"),
      ("margins", sample("<rect class=\"layout-margins\" \(box)/>"), "layout margins of the root (green dots)"),
      (
        "off-screen", sample("<text class=\"off-screen\" x=\"0\" y=\"10\" font-size=\"11\">\u{25BC} id</text>"),
        "a view off screen, named at the nearest edge, the arrow pointing its way (orange)"
      ),
      (
        "outside", sample("<rect class=\"outside-mark\" \(box)/>"), "a view reaching past its superview (orange dashes)"
      ),
      (
        "active", sample("<rect class=\"view active\" \(box)/>"),
        "the view under the pointer; green outlines: the views its constraints name"
      ),
    ]
    var out = "<ul id=\"legend\" aria-label=\"Legend\">\n"
    for entry in entries {
      out += "<li data-legend=\"\(entry.key)\">\(entry.sample)<span>\(escapeHTML(entry.text))</span></li>\n"
    }
    return out + "</ul>\n"
  }()

  /// The page's behaviour: builds the picker from the data, reads the environment from the
  /// URL's fragment or query, draws it, and shows details on hover.
  private static let script = #"""
    "use strict";
    (function () {
      var data = JSON.parse(document.getElementById("trellis-data").textContent);
      var canvas = document.getElementById("canvas");
      // The HTML parser put <svg> in the SVG namespace: take it from there, no URL needed.
      var NS = canvas.namespaceURI;
      var deviceSelect = document.getElementById("device");
      var orientationBox = document.getElementById("orientation");
      var windowBox = document.getElementById("window");
      var showHidden = document.getElementById("show-hidden");
      var sceneSelect = document.getElementById("scene");
      var all = data.environments;
      var scenes = data.scenes;
      var scene = 0;
      // The environments and devices of the scene shown.
      var environments = all;
      var devices = [];
      var current = null;
      var detailed = null;

      function el(name, attributes, text) {
        var node = document.createElement(name);
        for (var key in attributes || {}) node.setAttribute(key, attributes[key]);
        if (text !== undefined) node.textContent = text;
        return node;
      }
      function svg(name, attributes) {
        var node = document.createElementNS(NS, name);
        for (var key in attributes) node.setAttribute(key, attributes[key]);
        return node;
      }
      function n(value) { return String(Math.round(value * 1000) / 1000); }
      function normal(text) { return String(text).toLowerCase().replace(/[^a-z0-9]/g, ""); }
      function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

      // The scene picker: screens, then cells, under a heading each when the page has both.
      var kinds = [["screen", "Screens"], ["cell", "Cells"]].filter(function (kind) {
        return scenes.some(function (s) { return s.kind === kind[0]; });
      });
      kinds.forEach(function (kind) {
        var group = kinds.length > 1 ? el("optgroup", { label: kind[1] }) : sceneSelect;
        scenes.forEach(function (s, index) {
          if (s.kind === kind[0]) group.appendChild(el("option", { value: String(index) }, s.name));
        });
        if (group !== sceneSelect) sceneSelect.appendChild(group);
      });
      function useScene(index) {
        scene = index;
        sceneSelect.value = String(index);
        environments = all.filter(function (e) { return e.scene === index; });
        devices = [];
        environments.forEach(function (e) { if (devices.indexOf(e.device) < 0) devices.push(e.device); });
        clear(deviceSelect);
        devices.forEach(function (name) { deviceSelect.appendChild(el("option", { value: name }, name)); });
      }
      // A scene named in the URL, as a device is (below): exactly, else loosely, else by prefix.
      function matchScene(wanted) {
        var names = scenes.map(function (s) { return s.name; });
        if (names.indexOf(wanted) >= 0) return names.indexOf(wanted);
        var key = normal(wanted);
        for (var i = 0; i < names.length; i++) if (normal(names[i]) === key) return i;
        for (var j = 0; j < names.length; j++) if (key && normal(names[j]).indexOf(key) === 0) return j;
        return null;
      }

      function find(device, orientation, window) {
        for (var i = 0; i < environments.length; i++) {
          var e = environments[i];
          if (e.device === device && e.orientation === orientation && e.window === window) return e;
        }
        return null;
      }
      function windowsOf(device, orientation) {
        return environments.filter(function (e) { return e.device === device && e.orientation === orientation; })
          .map(function (e) { return e.window; });
      }
      // A device named in the URL: exactly, else ignoring case and punctuation, else by prefix.
      function matchDevice(wanted) {
        if (devices.indexOf(wanted) >= 0) return wanted;
        var key = normal(wanted);
        var exact = devices.filter(function (d) { return normal(d) === key; });
        if (exact.length) return exact[0];
        var prefixed = devices.filter(function (d) { return key && normal(d).indexOf(key) === 0; });
        return prefixed.length ? prefixed[0] : null;
      }

      function radios(box, name, values, chosen) {
        Array.prototype.slice.call(box.querySelectorAll("label")).forEach(function (l) { box.removeChild(l); });
        values.forEach(function (value) {
          var input = el("input", { type: "radio", name: name, value: value });
          input.checked = value === chosen;
          input.addEventListener("change", function () { choose(deviceSelect.value, selected("orientation"), selected("window")); });
          var label = el("label");
          label.appendChild(input);
          label.appendChild(document.createTextNode(" " + value + " "));
          box.appendChild(label);
        });
        box.disabled = values.length < 2;
      }
      function selected(name) {
        var input = document.querySelector("input[name='" + name + "']:checked");
        return input ? input.value : null;
      }

      function choose(device, orientation, window) {
        if (devices.indexOf(device) < 0) device = devices[0];
        var orientations = ["portrait", "landscape"].filter(function (o) { return windowsOf(device, o).length; });
        if (orientations.indexOf(orientation) < 0) orientation = orientations[0];
        var windows = windowsOf(device, orientation);
        if (windows.indexOf(window) < 0) window = windows.indexOf("full") >= 0 ? "full" : windows[0];
        deviceSelect.value = device;
        radios(orientationBox, "orientation", orientations, orientation);
        radios(windowBox, "window", windows, window);
        current = find(device, orientation, window);
        draw(current);
        // The choice goes into the page's address (and the link), so that it can be shared.
        var chosen = { device: device, orientation: orientation, window: window };
        if (scenes.length > 1) chosen = Object.assign({ scene: scenes[scene].name }, chosen);
        var address = "#" + new URLSearchParams(chosen).toString();
        document.getElementById("link").setAttribute("href", address);
        try {
          history.replaceState(null, "", address);
        } catch (error) { /* a page opened where the history cannot change keeps its URL */ }
      }

      function draw(e) {
        clear(canvas);
        var safe = e.safeArea;
        canvas.setAttribute("viewBox", [-2, -2, e.width + 4, e.height + 4].join(" "));
        canvas.setAttribute("data-environment", e.device + " " + e.orientation + " " + e.window);
        canvas.setAttribute("aria-label", e.name);
        // Ids and marks at a 32nd of the screen's shorter side, and never under 9 CSS pixels
        // as the picture is scaled to the window (a tall iPad is drawn at a third of its size).
        var box = canvas.getBoundingClientRect();
        var pixels = Math.min(box.width / (e.width + 4), box.height / (e.height + 4));
        var font = Math.max(8, Math.min(e.width, e.height) / 32, pixels > 0 ? 9 / pixels : 0);
        // Only views with nothing drawn inside them get their id written: a container's corner
        // is its first child's, and the list and hover name containers.
        var containers = Object.create(null);
        e.views.forEach(function (view) { if (view.drawn && view.parent !== null) containers[view.parent] = true; });
        // A scroll view's content is clipped to its frame, as on a device: its subviews go into
        // a nested <svg> (which clips) whose viewBox keeps root coordinates. `own` is where a
        // view is drawn, `inner` where its subviews are.
        var own = Object.create(null);
        var inner = Object.create(null);
        e.views.forEach(function (view) {
          own[view.id] = view.parent === null ? canvas : (inner[view.parent] || canvas);
          inner[view.id] = own[view.id];
          if (view.kind !== "scroll") return;
          var box = [view.frame[0], view.frame[1], Math.max(view.frame[2], 0), Math.max(view.frame[3], 0)];
          inner[view.id] = svg("svg", {
            x: box[0], y: box[1], width: box[2], height: box[3], viewBox: box.join(" "), "data-clip": view.id
          });
        });
        e.views.forEach(function (view) {
          if (!view.drawn && !showHidden.checked) return;
          var layer = own[view.id];
          var f = view.frame;
          var classes = "view" + (view.parent === null ? " root" : "") + (view.drawn ? "" : " hidden");
          var rect = svg("rect", {
            "class": classes, x: n(f[0]), y: n(f[1]), width: n(Math.max(f[2], 0)), height: n(Math.max(f[3], 0)),
            "data-view": view.id, "data-frame": [n(f[0]), n(f[1]), n(f[2]), n(f[3])].join(" ")
          });
          layer.appendChild(rect);
          // The root's margins go under the other views, which may cross them by design.
          if (view.parent === null) {
            var margins = e.margins;
            layer.appendChild(svg("rect", {
              "class": "layout-margins", x: margins[0], y: margins[1], width: margins[2], height: margins[3],
              "data-margins": "1"
            }));
          }
          // A rectangle 0 wide or high has no outline in a browser: a line keeps it on the picture.
          if ((f[2] === 0) !== (f[3] === 0)) {
            layer.appendChild(svg("line", {
              "class": classes + " zero-size", x1: n(f[0]), y1: n(f[1]), x2: n(f[0] + f[2]), y2: n(f[1] + f[3])
            }));
          }
          if (view.parent !== null && view.drawn && !containers[view.id] && view.text === null && f[2] > font * 2 && f[3] > font * 1.2) {
            // Cut to the box (glyphs about 0.6 em wide), so that it never runs onto a neighbour.
            var fits = Math.floor((f[2] - 4) / (font * 0.6));
            var name = view.id.length <= fits ? view.id : fits >= 3 ? view.id.slice(0, fits - 1) + "\u2026" : null;
            if (name !== null) {
              var id = svg("text", { "class": "id", x: f[0] + 2, y: f[1] + font, "font-size": font });
              id.textContent = name;
              layer.appendChild(id);
            }
          }
          if (view.text !== null && view.drawn) layer.appendChild(textOf(view, e));
          if (view.drawn && view.mark !== null && view.offScreen === null) {
            layer.appendChild(svg("rect", {
              "class": "outside-mark", x: n(f[0]), y: n(f[1]), width: n(Math.max(f[2], 0)), height: n(Math.max(f[3], 0))
            }));
          }
          if (view.kind === "scroll") layer.appendChild(inner[view.id]);
        });
        // Views wholly off screen: an arrow and the id at the nearest edge, pointing their way.
        e.views.forEach(function (view) {
          if (!view.drawn || view.offScreen === null) return;
          var f = view.frame;
          var way = view.offScreen;
          var arrow = way.indexOf("below") === 0 ? "\u25BC" : way.indexOf("above") === 0 ? "\u25B2" : way === "left" ? "\u25C0" : "\u25B6";
          var label = arrow + " " + view.id;
          var width = label.length * font * 0.6;
          var x = Math.min(Math.max(f[0] + f[2] / 2 - width / 2, 2), Math.max(2, e.width - width - 2));
          var y = Math.min(Math.max(f[1] + f[3] / 2, font + 2), e.height - 3);
          var mark = svg("text", { "class": "off-screen", x: n(x), y: n(y), "font-size": font, "data-view": view.id });
          mark.textContent = label;
          canvas.appendChild(mark);
        });
        canvas.appendChild(svg("rect", {
          "class": "safe-area", x: safe[0], y: safe[1], width: safe[2], height: safe[3], "data-safe-area": "1"
        }));
        // The legend lists the marks this environment uses; the others are kept, hidden.
        ["off-screen", "outside"].forEach(function (key) {
          var used = e.views.some(function (view) {
            return view.drawn && view.mark !== null && (key === "off-screen") === (view.offScreen !== null);
          });
          document.querySelector("[data-legend='" + key + "']").hidden = !used;
        });
        describe(e);
        details(null);
      }

      // A label's or button's text as the layout laid it out: one tspan per line at its
      // baseline, in the layout's font, size and weight, each stretched or squeezed to the width
      // the layout measured for it. A text not laid out (no resolution) shows as written.
      function textOf(view, e) {
        var s = view.shown;
        var f = view.frame;
        var area = s ? s.area : f;
        var anchor = "start", x = area[0];
        if (view.kind === "button") { anchor = "middle"; x = area[0] + area[2] / 2; }
        else if (e.direction === "rtl") { anchor = "end"; x = area[0] + area[2]; }
        var lines = s ? s.lines : view.text.split("\n").map(function (line, i, all) {
          return [line, 0, (f[3] - 20.4 * all.length) / 2 + 16.15 + 20.4 * i];
        });
        var top = s ? s.top : f[1];
        var text = svg("text", {
          "class": "view-text", x: n(x), "font-size": s ? s.size : 17, "font-weight": s ? s.weight : 400,
          "font-family": s ? s.family : "system-ui, sans-serif", "text-anchor": anchor, "data-lines": lines.length
        });
        if (s && s.truncated) text.setAttribute("data-truncated", "true");
        lines.forEach(function (line) {
          var span = svg("tspan", { "class": "line", x: n(x), y: n(top + line[2]) });
          if (line[1] > 0) {
            span.setAttribute("textLength", n(line[1]));
            span.setAttribute("lengthAdjust", "spacingAndGlyphs");
          }
          span.textContent = line[0];
          text.appendChild(span);
        });
        return text;
      }

      function describe(e) {
        var traits = "w" + e.horizontal[0].toUpperCase() + " h" + e.vertical[0].toUpperCase();
        document.getElementById("environment").textContent =
          e.name + " — width " + e.horizontal + ", height " + e.vertical + " (" + traits + "), @" + e.scale +
          "x, safe area insets " + e.insets.map(n).join(",") + (e.direction === "rtl" ? ", right to left" : "") +
          (e.cell === null ? "" : " \u2014 " + e.cell);
        var status = document.getElementById("status");
        status.textContent = e.status + (e.problem ? ": " + e.problem : "");
        status.className = e.status === "ok" || e.status === "text truncated" ? "status-ok" : "status-bad";
        var list = document.getElementById("diagnostics");
        clear(list);
        if (!e.diagnostics.length) list.appendChild(el("li", { "class": "hint" }, "none"));
        e.diagnostics.forEach(function (d) {
          var where = d.line === null ? "" : " (line " + d.line + ", column " + d.column + ")";
          var item = el("li", { "class": d.severity }, d.severity + " [" + d.code + "]" + where + ": " + d.message);
          d.notes.forEach(function (note) { item.appendChild(el("small", { "class": "note" }, " note: " + note)); });
          list.appendChild(item);
        });
        var views = document.getElementById("views");
        clear(views);
        e.views.forEach(function (view) {
          var item = el("li", { "class": "mono" + (view.drawn ? "" : " note"), "data-id": view.id },
            view.id + (view.drawn ? "" : " (hidden)") + (view.drawn && view.mark !== null ? " (" + view.mark + ")" : ""));
          views.appendChild(item);
        });
      }

      function constraintsOf(e, id) {
        return e.constraints.map(function (index) { return data.constraints[index]; })
          .filter(function (c) { return c.a === id || c.b === id; });
      }

      function details(id) {
        var box = document.getElementById("details");
        clear(box);
        Array.prototype.slice.call(canvas.querySelectorAll(".active, .related")).forEach(function (node) {
          node.classList.remove("active");
          node.classList.remove("related");
        });
        var view = current && id !== null ? current.views.filter(function (v) { return v.id === id; })[0] : null;
        detailed = view ? view.id : null;
        if (!view) {
          box.appendChild(el("p", { "class": "hint" }, "Hover over a view."));
          return;
        }
        var f = view.frame;
        box.appendChild(el("p", { "class": "mono" }, view.id + " (" + view.kind + ")"));
        box.appendChild(el("p", {}, "frame x " + n(f[0]) + ", y " + n(f[1]) + ", width " + n(f[2]) + ", height " + n(f[3])));
        if (view.parent !== null) box.appendChild(el("p", {}, "in " + view.parent));
        if (!view.drawn) box.appendChild(el("p", { "class": "note" }, view.hidden ? "hidden" : "inside a hidden view"));
        if (view.drawn && view.mark !== null) box.appendChild(el("p", { "class": "warning" }, view.mark));
        if (view.text !== null) box.appendChild(el("p", {}, "text: " + view.text));
        if (view.shown) {
          var s = view.shown;
          var count = s.lines.length + " line" + (s.lines.length === 1 ? "" : "s");
          box.appendChild(el("p", { "class": "text-layout" }, "font " + s.font + " " + n(s.size) + " pt, weight " +
            s.weight + "; " + count + " (line height " + n(s.lineHeight) + "); measured " + n(s.measured[0]) +
            " \u00D7 " + n(s.measured[1]) + (s.truncated ? "; cut: not all of the text shows" : "")));
        }
        if (window.trellisWhy) window.trellisWhy(box, data, current, view.id);
        var constraints = constraintsOf(current, view.id);
        box.appendChild(el("h2", {}, "Constraints (" + constraints.length + ")"));
        var list = el("ul");
        constraints.forEach(function (c) {
          var item = el("li", { "class": "constraint" });
          item.appendChild(el("code", {}, c.text));
          // A generated constraint's source repeats its text after a reason: shown only when it adds something.
          if (c.source && c.source.indexOf(c.text) < 0) item.appendChild(el("small", { "class": "mono" }, c.source));
          item.appendChild(el("small", {}, c.origin));
          list.appendChild(item);
        });
        box.appendChild(list);
        Array.prototype.slice.call(canvas.querySelectorAll("[data-view]")).forEach(function (node) {
          var other = node.getAttribute("data-view");
          if (other === view.id) node.classList.add("active");
          else if (constraints.some(function (c) { return c.a === other || c.b === other; })) node.classList.add("related");
        });
      }

      canvas.addEventListener("mouseover", function (event) {
        var target = event.target.closest ? event.target.closest("[data-view]") : null;
        if (target) details(target.getAttribute("data-view"));
      });
      document.getElementById("views").addEventListener("mouseover", function (event) {
        var target = event.target.closest ? event.target.closest("[data-id]") : null;
        if (target) details(target.getAttribute("data-id"));
      });
      sceneSelect.addEventListener("change", function () {
        // The device, orientation and window shown stay when the scene has them.
        var device = deviceSelect.value, orientation = selected("orientation"), window = selected("window");
        useScene(Number(sceneSelect.value));
        choose(device, orientation, window);
      });
      deviceSelect.addEventListener("change", function () {
        choose(deviceSelect.value, selected("orientation"), selected("window"));
      });
      showHidden.addEventListener("change", function () { if (current) draw(current); });
      // The ids' size follows the picture's scale, which follows the window.
      window.addEventListener("resize", function () {
        if (!current) return;
        var shown = detailed;
        draw(current);
        if (shown !== null) details(shown);
      });

      function fromLocation() {
        var text = location.hash.length > 1 ? location.hash.slice(1) : location.search.slice(1);
        var params = new URLSearchParams(text);
        var notices = [];
        var wantedScene = params.get("scene");
        var sceneIndex = wantedScene === null ? 0 : matchScene(wantedScene);
        if (sceneIndex === null) {
          notices.push("No scene matches '" + wantedScene + "'; showing " + scenes[0].name + ".");
          sceneIndex = 0;
        }
        useScene(sceneIndex);
        var device = params.get("device");
        var fallback = data.defaultDevice !== null && devices.indexOf(data.defaultDevice) >= 0 ? data.defaultDevice : devices[0];
        var matched = device === null ? fallback : matchDevice(device);
        if (matched === null) {
          notices.push("No device matches '" + device + "'; showing " + fallback + ".");
          matched = fallback;
        }
        document.getElementById("notice").textContent = notices.join(" ");
        choose(matched, params.get("orientation"), params.get("window"));
        if (params.get("view") !== null) details(params.get("view"));
      }
      window.addEventListener("hashchange", fromLocation);
      if (all.length) fromLocation();
    })();

    """#
}
