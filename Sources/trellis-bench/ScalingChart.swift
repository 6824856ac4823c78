import Foundation
import TrellisSupport

/// The scaling workload's curves as an SVG picture: time per fresh layout against the number
/// of views, both axes logarithmic, one polyline per shape, with dashed lines of slope 1
/// (linear) and 2 (quadratic) through the first point for comparison. Written by
/// `trellis-bench --workload scaling --scaling-svg PATH` for docs/benchmarks.md.
enum ScalingChart {
  /// One shape's points: (views, median milliseconds), sizes ascending.
  struct Series {
    var name: String
    var points: [(views: Double, milliseconds: Double)]
  }

  /// Groups `measurements` named `shape_N` into series (measurements of other names are ignored).
  static func series(_ measurements: [Measurement]) -> [Series] {
    var byShape: [String: [(Double, Double)]] = [:]
    var order: [String] = []
    for measurement in measurements {
      guard let underscore = measurement.name.lastIndex(of: "_"),
        let views = Double(measurement.name[measurement.name.index(after: underscore)...]),
        measurement.median.isFinite, measurement.median > 0
      else { continue }
      let shape = String(measurement.name[..<underscore])
      if byShape[shape] == nil { order.append(shape) }
      byShape[shape, default: []].append((views, measurement.median / 1000))
    }
    return order.map { Series(name: $0, points: (byShape[$0] ?? []).sorted { $0.0 < $1.0 }) }
  }

  static let colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]

  /// The picture; `title` goes above the plot.
  static func svg(_ series: [Series], title: String) -> String {
    let all = series.flatMap(\.points)
    guard !all.isEmpty else { return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>\n" }
    let width = 640.0, height = 420.0, left = 70.0, right = 150.0, top = 40.0, bottom = 50.0
    // Decades that hold every point.
    let minX = floor(log10(all.map(\.views).min() ?? 1)), maxX = ceil(log10(all.map(\.views).max() ?? 10))
    let minY = floor(log10(all.map(\.milliseconds).min() ?? 1)), maxY = ceil(log10(all.map(\.milliseconds).max() ?? 10))
    func x(_ views: Double) -> Double {
      left + (log10(views) - minX) / max(maxX - minX, 1) * (width - left - right)
    }
    func y(_ ms: Double) -> Double {
      height - bottom - (log10(ms) - minY) / max(maxY - minY, 1) * (height - top - bottom)
    }
    func f(_ v: Double) -> String { NumberFormat.fixed(v, decimals: 1) }
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
    out += "font-family=\"sans-serif\" font-size=\"12\">\n"
    out += "  <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    out += "  <text x=\"\(f(left))\" y=\"22\" font-size=\"14\">\(escape(title))</text>\n"
    // Grid and axis labels, one per decade.
    for decade in stride(from: minX, through: maxX, by: 1) {
      let px = x(pow(10, decade))
      out += "  <line x1=\"\(f(px))\" y1=\"\(f(top))\" x2=\"\(f(px))\" y2=\"\(f(height - bottom))\" stroke=\"#ddd\"/>\n"
      out += "  <text x=\"\(f(px))\" y=\"\(f(height - bottom + 16))\" text-anchor=\"middle\">\(label(decade))</text>\n"
    }
    for decade in stride(from: minY, through: maxY, by: 1) {
      let py = y(pow(10, decade))
      out += "  <line x1=\"\(f(left))\" y1=\"\(f(py))\" x2=\"\(f(width - right))\" y2=\"\(f(py))\" stroke=\"#ddd\"/>\n"
      out += "  <text x=\"\(f(left - 6))\" y=\"\(f(py + 4))\" text-anchor=\"end\">\(timeLabel(decade))</text>\n"
    }
    out +=
      "  <text x=\"\(f((left + width - right) / 2))\" y=\"\(f(height - 12))\" text-anchor=\"middle\">views</text>\n"
    // Reference slopes through the first series' first point.
    if let first = series.first?.points.first {
      for (slope, name) in [(1.0, "linear"), (2.0, "quadratic")] {
        let endViews = pow(10, maxX)
        let endMs = first.milliseconds * pow(endViews / first.views, slope)
        let clippedViews =
          endMs > pow(10, maxY) ? first.views * pow(pow(10, maxY) / first.milliseconds, 1 / slope) : endViews
        let clippedMs = min(endMs, pow(10, maxY))
        out += "  <line x1=\"\(f(x(first.views)))\" y1=\"\(f(y(first.milliseconds)))\" x2=\"\(f(x(clippedViews)))\" "
        out += "y2=\"\(f(y(clippedMs)))\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n"
        out +=
          "  <text x=\"\(f(x(clippedViews) - 4))\" y=\"\(f(y(clippedMs) - 4))\" text-anchor=\"end\" fill=\"#777\">\(name)</text>\n"
      }
    }
    for (index, serie) in series.enumerated() {
      let color = colors[index % colors.count]
      let points = serie.points.map { "\(f(x($0.views))),\(f(y($0.milliseconds)))" }.joined(separator: " ")
      out += "  <polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
      for point in serie.points {
        out += "  <circle cx=\"\(f(x(point.views)))\" cy=\"\(f(y(point.milliseconds)))\" r=\"3\" fill=\"\(color)\"/>\n"
      }
      let legendY = top + 10 + Double(index) * 18
      out += "  <line x1=\"\(f(width - right + 12))\" y1=\"\(f(legendY))\" x2=\"\(f(width - right + 32))\" "
      out += "y2=\"\(f(legendY))\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
      out += "  <text x=\"\(f(width - right + 38))\" y=\"\(f(legendY + 4))\">\(escape(serie.name))</text>\n"
    }
    return out + "</svg>\n"
  }

  /// `10`, `100`, `1k`, `10k`, `0.1` for a decade exponent.
  static func label(_ decade: Double) -> String {
    let value = pow(10, decade)
    if value >= 1000 { return "\(Int(value / 1000))k" }
    if value >= 1 { return "\(Int(value))" }
    return NumberFormat.exact(power(decade))
  }

  /// `0.1 ms`, `10 ms`, `1 s`, `10 s` for a decade exponent of milliseconds.
  static func timeLabel(_ decade: Double) -> String {
    let ms = pow(10, decade)
    return ms >= 1000 ? "\(Int(ms / 1000)) s" : "\(NumberFormat.exact(power(decade))) ms"
  }

  /// 10 to a whole `decade`, parsed rather than computed so that it prints as written
  /// (`0.001`, not `pow`'s `0.0010000000000000002`).
  static func power(_ decade: Double) -> Double { Double("1e\(Int(decade.rounded()))") ?? pow(10, decade) }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
  }
}
