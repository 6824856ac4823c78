import TrellisModel
import TrellisSupport

// The preview's hover "why" (`trellis why` in short, issue 33 §1): per environment and view, the
// arithmetic and the constraints behind its x, y, width and height, precomputed as the page's
// frames are. Kept apart from PreviewPage.swift: the page reaches it through `whyData(_:)`, one
// key of each environment, and `whyScript`, which the page's script calls from its hover panel.

extension PreviewPage {
  /// An environment's explanations as the page carries them: `{viewId: [x, y, width, height]}`,
  /// each an index into the page's `why` table (equal explanations are stored once for all
  /// environments: most repeat across devices), or `[index, lost]` with an index into
  /// `whyLost` when optional constraints lost.
  static func whyData(_ entry: Environment, table: inout WhyTable) -> JSONValue {
    var byView: [(String, [JSONValue])] = []
    // Hidden views are drawn dashed and not explained: it keeps the page smaller.
    let hidden = Set(entry.result.views.filter(\.isEffectivelyHidden).map(\.id))
    for explanation in entry.explanations where !hidden.contains(explanation.view) {
      let brief = WhyReport.brief(explanation)
      // The lost constraints' misses differ from device to device: stored apart, so that the
      // rest is shared.
      var shared = brief
      shared.lost = []
      let briefIndex = JSONValue.number(Double(table.index(of: shared)))
      let index =
        brief.lost.isEmpty ? briefIndex : .array([briefIndex, .number(Double(table.index(ofLost: brief.lost)))])
      if let at = byView.firstIndex(where: { $0.0 == explanation.view }) {
        byView[at].1.append(index)
      } else {
        byView.append((explanation.view, [index]))
      }
    }
    return .object(byView.map { JSONValue.Member($0.0, .array($0.1)) })
  }

  /// An environment's data object with its `why` member (``whyData(_:table:)``).
  static func withWhy(_ object: JSONValue, _ entry: Environment, _ table: inout WhyTable) -> JSONValue {
    guard case .object(var members) = object, !entry.explanations.isEmpty else { return object }
    members.append(.init("why", whyData(entry, table: &table)))
    return .object(members)
  }

  /// The page's tables of distinct short explanations (``WhyReport/brief(_:)``) and of the steps
  /// they list: `why: [{f, s: [step index], r: [per width, per height]} or {a}]`, `whySteps:
  /// [[share, constraint, source]]`, `whyLost: [[line]]`.
  struct WhyTable {
    private(set) var items: [JSONValue] = []
    private var indexByBrief: [WhyReport.Brief: Int] = [:]
    private(set) var steps: [JSONValue] = []
    private var indexByStep: [[String]: Int] = [:]
    private(set) var lost: [JSONValue] = []
    private var indexByLost: [[String]: Int] = [:]

    mutating func index(ofLost lines: [String]) -> Int {
      if let known = indexByLost[lines] { return known }
      indexByLost[lines] = lost.count
      lost.append(.array(lines.map(JSONValue.string)))
      return lost.count - 1
    }

    mutating func index(of brief: WhyReport.Brief) -> Int {
      if let known = indexByBrief[brief] { return known }
      var object: [JSONValue.Member] = []
      if let ambiguity = brief.ambiguity {
        object.append(.init("a", .string(ambiguity)))
      } else {
        var stepIndices: [JSONValue] = []
        for step in brief.steps {
          let index = indexByStep[step] ?? steps.count
          if index == steps.count {
            indexByStep[step] = index
            steps.append(.array(step.map(JSONValue.string)))
          }
          stepIndices.append(.number(Double(index)))
        }
        object += [
          .init("f", .string(brief.formula)), .init("s", .array(stepIndices)),
          .init("r", .array(brief.rates.map(JSONValue.number))),
        ]
      }
      indexByBrief[brief] = items.count
      items.append(.object(object))
      return items.count - 1
    }
  }

  /// Shows a view's "why" in the hover panel: `trellisWhy(box, data, environment, id)`, called
  /// by the page's `details`. Strings reach the page only as text nodes. It opens the page's one
  /// script block, whose `"use strict"` directive then covers the page's own script too.
  static let whyScript = #"""
    "use strict";
    window.trellisWhy = function (box, data, e, id) {
      var indices = e.why && e.why[id];
      if (!indices || !data.why) return;
      function el(name, attributes, text) {
        var node = document.createElement(name);
        for (var key in attributes || {}) node.setAttribute(key, attributes[key]);
        if (text !== undefined) node.textContent = text;
        return node;
      }
      // The container's sizes by name in the formula, by value here: the page's environments
      // share one table.
      function numeric(text) {
        return text.split("root.width").join(String(e.width)).split("root.height").join(String(e.height));
      }
      box.appendChild(el("h2", {}, "Why"));
      ["x", "y", "width", "height"].forEach(function (name, i) {
        var ref = indices[i];
        if (ref === undefined) return;
        var w = data.why[Array.isArray(ref) ? ref[0] : ref];
        var lost = Array.isArray(ref) ? data.whyLost[ref[1]] : [];
        if (!w) return;
        var section = el("details", { "class": "why" });
        if (w.a) {
          section.appendChild(el("summary", { "class": "mono warning" }, name + ": " + w.a));
          box.appendChild(section);
          return;
        }
        var line = name + " = " + w.f;
        if (numeric(w.f) !== w.f) line += " = " + numeric(w.f);
        section.appendChild(el("summary", { "class": "mono" }, line));
        var list = el("ul");
        w.s.forEach(function (index) {
          var step = data.whySteps[index];
          var item = el("li", { "class": "constraint" });
          item.appendChild(el("code", {}, step[0] + " \u00D7 " + step[1]));
          item.appendChild(el("small", {}, step[2]));
          list.appendChild(item);
        });
        section.appendChild(list);
        section.appendChild(el("p", { "class": "note" }, "moves " + String(w.r[0]) + " pt per pt of width, " +
          String(w.r[1]) + " pt per pt of height"));
        lost.forEach(function (line) { section.appendChild(el("p", { "class": "note" }, "lost: " + line)); });
        box.appendChild(section);
      });
    };

    """#
}
