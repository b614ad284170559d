import Export

extension NowView {
  /// The hours the strip shows.
  package static let stripHours = 24
  /// Spaces between the strip's columns.
  package static let stripGap = 2

  /// The 24-hour strip: per hour its local hour (`Now` first when it contains the current
  /// time), symbol, temperature and a sparkline tick on one scale for the whole strip. Columns
  /// are as wide as the widest entry, two spaces apart, and are wrapped into balanced rows that fit
  /// the width.
  package static func strip(_ context: Context) -> [ViewLine] {
    let model = context.model
    guard let start = context.startHour else {
      return [ViewLine("Next 24 hours", .bold), ViewLine("no hourly forecast stored")]
    }
    let hours = Array(model.hours[start..<min(start + stripHours, model.hours.count)])
    let title =
      context.startsNow
      ? "Next 24 hours"
      : "24 hours from \(context.dayName(context.zone.localDate(hours[0].time))) \(context.clock(hours[0].time))"
    var lines = [ViewLine(title, .bold)]

    let labels = hours.enumerated().map { index, hour in
      index == 0 && context.startsNow ? "Now" : String(context.clock(hour.time).prefix(2))
    }
    let symbols = hours.map { hour in
      hour.weatherCode.map {
        context.symbol($0, isDay: hour.isDay ?? context.isDaylight(hour.time))
      } ?? "-"
    }
    let temperatures = hours.map { hour in hour.temperature.map { context.temperature($0) } ?? "--"
    }
    let ticks = Array(
      Sparkline.ticks(hours.map(\.temperature), min: nil, max: nil, ascii: context.ascii))
    let cell = (labels + symbols + temperatures).map(DisplayWidth.of).max() ?? 1

    let width = max(context.options.width, cell)
    var perRow = max(1, (width + stripGap) / (cell + stripGap))
    let rows = (hours.count + perRow - 1) / perRow
    perRow = (hours.count + rows - 1) / rows

    for row in 0..<rows {
      if row > 0 { lines.append(ViewLine()) }
      let range = (row * perRow)..<min((row + 1) * perRow, hours.count)
      var labelLine = ViewLine()
      var symbolLine = ViewLine()
      var temperatureLine = ViewLine()
      var tickLine = ViewLine()
      for index in range {
        let separator = index == range.lowerBound ? 0 : stripGap
        addCentered(labels[index], width: cell, gap: separator, style: .dim, to: &labelLine)
        addCentered(symbols[index], width: cell, gap: separator, style: nil, to: &symbolLine)
        addCentered(
          temperatures[index], width: cell, gap: separator,
          style: hours[index].temperature.map(TerminalPalette.style(forTemperature:)),
          to: &temperatureLine)
        addCentered(String(ticks[index]), width: cell, gap: separator, style: .cyan, to: &tickLine)
      }
      lines += [labelLine, symbolLine, temperatureLine, tickLine]
    }
    return lines
  }

  /// Appends `gap` spaces, then `text` centred in `width` columns (extra space on the right).
  package static func addCentered(
    _ text: String, width: Int, gap: Int, style: TerminalPalette.Style?, to line: inout ViewLine
  ) {
    let missing = max(0, width - DisplayWidth.of(text))
    line.pad(gap + missing / 2)
    line.add(text, text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : style)
    line.pad(missing - missing / 2)
  }
}
