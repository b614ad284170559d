import SkycastModel

/// Labelled sparkline lines: `北京 temperature_2m °C  min −6.2 ▄▆█▆▂▁▇ max 3.5  last 2.0`.
extension Sparkline {
  /// The fewest ticks beside the labels; with less room the ticks get a line of their own.
  public static let minimumTicks = 10

  /// Sparkline lines and what they averaged.
  public struct Rendered: Sendable, Equatable {
    /// The lines, without trailing spaces or newlines.
    public var lines: [String]
    /// How many values one tick averages (shortest to longest bucket) when a series was longer
    /// than its ticks; nil when every value has its own tick.
    public var valuesPerTick: ClosedRange<Int>?
  }

  /// The lines only (see ``render(_:scaleMin:scaleMax:totalWidth:ascii:styleTicks:)``).
  public static func renderLines(
    _ series: [SparkSeries], scaleMin: Double?, scaleMax: Double?, totalWidth: Int, ascii: Bool,
    styleTicks: (String) -> String = { $0 }
  ) -> [String] {
    render(
      series, scaleMin: scaleMin, scaleMax: scaleMax, totalWidth: totalWidth, ascii: ascii,
      styleTicks: styleTicks
    ).lines
  }

  /// One line per series, aligned in columns, never wider than `totalWidth`.
  ///
  /// Names, variables and units are padded by display width, the numbers right-aligned, so every
  /// sparkline starts in the same column. Each series is fitted by averaging buckets
  /// (``buckets(_:width:)``) so the whole line fits `totalWidth`; shorter series are not
  /// stretched. When the labels leave fewer than ``minimumTicks`` columns, each series takes two
  /// lines instead: its labels, then its ticks across the whole width.
  ///
  /// The labels describe what is drawn: min, max and last are those of the drawn values (bucket
  /// means when the series was averaged, so the lowest tick is the labelled min, the highest the
  /// labelled max, and last never lies outside them), rounded to the series' `decimals`. Without a fixed scale the ticks use the drawn min…max. Negative labels use
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
  public static func render(
    _ series: [SparkSeries], scaleMin: Double?, scaleMax: Double?, totalWidth: Int, ascii: Bool,
    styleTicks: (String) -> String = { $0 }
  ) -> Rendered {
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
    func summary(_ values: [Double?], last: Double?, decimals: Int) -> Summary? {
      let present = values.compactMap { $0 }.filter(\.isFinite)
      guard let low = present.min(), let high = present.max(), let last else { return nil }
      return Summary(
        min: low, max: high,
        minText: label(low, decimals: decimals, ascii: ascii),
        maxText: label(high, decimals: decimals, ascii: ascii),
        lastText: label(last, decimals: decimals, ascii: ascii))
    }
    func lastValue(_ values: [Double?]) -> Double? {
      values.last { $0?.isFinite == true } ?? nil
    }
    func widest(_ texts: [String]) -> Int { texts.map(DisplayWidth.of).max() ?? 0 }

    let nameWidth = widest(series.map(\.name))
    let variableWidth = widest(series.map(\.variable))
    let unitWidth = widest(series.map(\.unit))
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

    // The raw extremes bound the labels' widths (a mean lies between them), so a tick budget
    // worked out from them leaves room for whatever the drawn labels turn out to be.
    // A mean can be wider than the raw minimum (1 → 18) but never than both extremes.
    let raw = series.map { summary($0.values, last: lastValue($0.values), decimals: $0.decimals) }
    let bound = widest(raw.compactMap { $0 }.flatMap { [$0.minText, $0.maxText] })
    // "  min " + min + " " + ticks + " max " + max + "  last " + last: 19 columns of words.
    let labelWidth = prefixWidth + 19 + 3 * bound
    let twoLines = totalWidth - labelWidth < minimumTicks
    func fit(_ budget: Int) -> (fitted: [[Double?]], drawn: [Summary?], widths: [Int]) {
      let fitted = series.map { buckets($0.values, width: budget) }
      let drawn = series.indices.map {
        summary(fitted[$0], last: lastValue(fitted[$0]), decimals: series[$0].decimals)
      }
      let widths = [
        widest(drawn.compactMap { $0?.minText }), widest(drawn.compactMap { $0?.maxText }),
        widest(drawn.compactMap { $0?.lastText }),
      ]
      return (fitted, drawn, widths)
    }
    var tickBudget = twoLines ? max(totalWidth, 1) : totalWidth - labelWidth
    var layout = fit(tickBudget)
    if !twoLines {
      // The drawn labels are often narrower than the bound: give the columns they free to
      // ticks while the finer fit's labels still leave the line within the width.
      let longest = series.map(\.values.count).max() ?? 0
      while tickBudget < longest {
        let finer = fit(tickBudget + 1)
        guard prefixWidth + 19 + finer.widths.reduce(0, +) + tickBudget + 1 <= totalWidth else {
          break
        }
        tickBudget += 1
        layout = finer
      }
    }
    let (fitted, drawn) = (layout.fitted, layout.drawn)
    let (minWidth, maxWidth, lastWidth) = (layout.widths[0], layout.widths[1], layout.widths[2])
    let tickLines: [String?] = series.indices.map { index in
      guard let summary = drawn[index] else { return nil }
      return ticks(
        fitted[index], low: scaleMin ?? summary.min, high: scaleMax ?? summary.max,
        lowFixed: scaleMin != nil, highFixed: scaleMax != nil, ascii: ascii)
    }
    let tickWidth = tickLines.compactMap { $0?.count }.max() ?? 0

    var lines: [String] = []
    for index in series.indices {
      guard let summary = drawn[index], let ticks = tickLines[index] else {
        lines.append(trimmed(prefixes[index] + "  no data"))
        continue
      }
      let minText = DisplayWidth.padded(summary.minText, to: minWidth, alignRight: true)
      let maxText = DisplayWidth.padded(summary.maxText, to: maxWidth, alignRight: true)
      let lastText = DisplayWidth.padded(summary.lastText, to: lastWidth, alignRight: true)
      if twoLines {
        // The labels wrapped to the width (the aligned prefix when it fits, else its fields),
        // then the ticks.
        let item = series[index]
        let prefix = trimmed(prefixes[index])
        var words: [(gap: String, text: String)] =
          DisplayWidth.of(prefix) <= totalWidth
          ? [("", prefix)]
          : [("", item.name), (" ", item.variable), (" ", item.unit)].filter { !$0.text.isEmpty }
        words += [("  ", "min " + minText), ("  ", "max " + maxText), ("  ", "last " + lastText)]
        var label = ""
        for (gap, word) in words {
          if label.isEmpty {
            label = word
          } else if DisplayWidth.of(label) + DisplayWidth.of(gap + word) <= totalWidth {
            label += gap + word
          } else {
            lines.append(label)
            label = word
          }
        }
        lines += [label, trimmed(styleTicks(ticks))]
        continue
      }
      var line = prefixes[index]
      line += "  min " + minText
      line += " " + styleTicks(ticks) + String(repeating: " ", count: tickWidth - ticks.count)
      line += " max " + maxText
      line += "  last " + lastText
      lines.append(trimmed(line))
    }
    let averaged = series.map(\.values.count).filter { $0 > tickBudget }
    let perTick =
      averaged.isEmpty
      ? nil : (averaged.min()! / tickBudget)...((averaged.max()! + tickBudget - 1) / tickBudget)
    return Rendered(lines: lines, valuesPerTick: perTick)
  }

  /// `text` without trailing spaces.
  package static func trimmed(_ text: String) -> String {
    var text = text
    while text.utf8.last == 0x20 { text.removeLast() }
    return text
  }

  /// A label number: fixed decimals, with U+2212 for the minus sign unless `ascii`.
  package static func label(_ value: Double, decimals: Int, ascii: Bool) -> String {
    let text = NumberText.fixed(value, decimals: decimals)
    guard !ascii, text.hasPrefix("-") else { return text }
    return "\u{2212}" + text.dropFirst()
  }
}
