/// Labelled sparkline lines: `北京 temperature_2m °C  min −6.2 ▄▆█▆▂▁▇ max 3.5  last 2.0`.
extension Sparkline {
  /// The fewest ticks a line shows even when its labels alone are wider than the terminal.
  public static let minimumTicks = 10

  /// One line per series, aligned in columns.
  ///
  /// Names, variables and units are padded by display width, the numbers right-aligned, so every
  /// sparkline starts in the same column. Each series is fitted by averaging buckets
  /// (``buckets(_:width:)``) so the whole line fits `totalWidth`, but shows at least
  /// ``minimumTicks`` ticks; shorter series are not stretched. min, max and last are the series'
  /// own values (last = the last non-missing one) rounded to its `decimals`; without a fixed
  /// scale the ticks use the same min…max, so the heights match the labels. Negative labels use
  /// U+2212 `−`, or `-` in ASCII mode. A series with no values prints `no data` instead.
  /// Control and bidi characters in the labels print escaped (see `TerminalSafe`).
  ///
  /// - Parameters:
  ///   - series: the series, one line each.
  ///   - scaleMin: `--min`, the common bottom of the scale, or nil.
  ///   - scaleMax: `--max`, the common top of the scale, or nil.
  ///   - totalWidth: the terminal width in columns.
  ///   - ascii: ASCII ticks and labels.
  ///   - styleTicks: wraps each line's ticks (terminal colour); it must not change their width.
  /// - Returns: the lines, without trailing spaces or newlines.
  public static func renderLines(
    _ series: [SparkSeries], scaleMin: Double?, scaleMax: Double?, totalWidth: Int, ascii: Bool,
    styleTicks: (String) -> String = { $0 }
  ) -> [String] {
    // Labels name cities from outside: escaped before they are measured and padded.
    let series = series.map { item in
      var item = item
      item.name = TerminalSafe.escape(item.name)
      item.variable = TerminalSafe.escape(item.variable)
      item.unit = TerminalSafe.escape(item.unit)
      return item
    }
    struct Summary {
      var min: Double
      var max: Double
      var minText: String
      var maxText: String
      var lastText: String
    }
    let summaries: [Summary?] = series.map { item in
      let present = item.values.compactMap { $0 }.filter(\.isFinite)
      guard let low = present.min(), let high = present.max(), let last = present.last else {
        return nil
      }
      return Summary(
        min: low, max: high,
        minText: label(low, decimals: item.decimals, ascii: ascii),
        maxText: label(high, decimals: item.decimals, ascii: ascii),
        lastText: label(last, decimals: item.decimals, ascii: ascii))
    }
    func widest(_ texts: [String]) -> Int { texts.map(DisplayWidth.of).max() ?? 0 }
    let nameWidth = widest(series.map(\.name))
    let variableWidth = widest(series.map(\.variable))
    let unitWidth = widest(series.map(\.unit))
    let minWidth = widest(summaries.compactMap { $0?.minText })
    let maxWidth = widest(summaries.compactMap { $0?.maxText })
    let lastWidth = widest(summaries.compactMap { $0?.lastText })

    let prefixes = series.map { item in
      var fields = [DisplayWidth.padded(item.name, to: nameWidth, alignRight: false)]
      if variableWidth > 0 {
        fields.append(DisplayWidth.padded(item.variable, to: variableWidth, alignRight: false))
      }
      if unitWidth > 0 {
        fields.append(DisplayWidth.padded(item.unit, to: unitWidth, alignRight: false))
      }
      return fields.joined(separator: " ")
    }
    let prefixWidth = widest(prefixes)
    // "  min " + min + " " + ticks + " max " + max + "  last " + last
    let labelWidth = prefixWidth + 6 + minWidth + 1 + 5 + maxWidth + 7 + lastWidth
    let tickBudget = max(totalWidth - labelWidth, minimumTicks)

    let tickLines: [String?] = zip(series, summaries).map { item, summary in
      guard let summary else { return nil }
      let fitted = buckets(item.values, width: tickBudget)
      return ticks(
        fitted, low: scaleMin ?? summary.min, high: scaleMax ?? summary.max,
        lowFixed: scaleMin != nil, highFixed: scaleMax != nil, ascii: ascii)
    }
    let tickWidth = tickLines.compactMap { $0?.count }.max() ?? 0

    return series.indices.map { index in
      var line = prefixes[index]
      if let summary = summaries[index], let ticks = tickLines[index] {
        line += "  min " + DisplayWidth.padded(summary.minText, to: minWidth, alignRight: true)
        line += " " + styleTicks(ticks) + String(repeating: " ", count: tickWidth - ticks.count)
        line += " max " + DisplayWidth.padded(summary.maxText, to: maxWidth, alignRight: true)
        line += "  last " + DisplayWidth.padded(summary.lastText, to: lastWidth, alignRight: true)
      } else {
        line += "  no data"
      }
      while line.utf8.last == 0x20 { line.removeLast() }
      return line
    }
  }

  /// A label number: fixed decimals, with U+2212 for the minus sign unless `ascii`.
  static func label(_ value: Double, decimals: Int, ascii: Bool) -> String {
    let text = NumberText.fixed(value, decimals: decimals)
    guard !ascii, text.hasPrefix("-") else { return text }
    return "\u{2212}" + text.dropFirst()
  }
}
