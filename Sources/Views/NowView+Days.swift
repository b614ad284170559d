import Export
import SkycastModel

extension NowView {
  /// Days in the list.
  package static let listedDays = 10
  /// The narrowest range bar drawn (narrower terminals cut the line instead).
  package static let minimumBarWidth = 4

  /// The 10-day list from today (or from the forecast's first day when it does not cover
  /// today): day, symbol, precipitation chance, low, a range bar against the period's minimum
  /// and maximum, and high.
  package static func dayList(_ context: Context) -> [ViewLine] {
    guard let first = context.firstDay else {
      return [ViewLine("10-day forecast", .bold), ViewLine("no daily forecast stored")]
    }
    let days = Array(context.model.days[first..<min(first + listedDays, context.model.days.count)])
    var lines = [ViewLine("\(days.count)-day forecast", .bold)]

    let labels = days.map { $0.date == context.today ? "Today" : context.dayName($0.date) }
    let symbols = days.map { day in day.weatherCode.map { context.symbol($0, isDay: true) } ?? "-" }
    let showChance = days.contains { $0.precipitationProbabilityMax != nil }
    let chances = days.map { day in
      day.precipitationProbabilityMax.map { NumberText.fixed($0, decimals: 0) + "%" } ?? ""
    }
    let lows = days.map { day in day.low.map { context.temperature($0) } ?? "--" }
    let highs = days.map { day in day.high.map { context.temperature($0) } ?? "--" }
    func widest(_ texts: [String]) -> Int { texts.map(DisplayWidth.of).max() ?? 0 }
    let labelWidth = widest(labels)
    let symbolWidth = widest(symbols)
    let chanceWidth = showChance ? max(widest(chances), 3) : 0
    let lowWidth = widest(lows)
    let highWidth = widest(highs)
    let fixed =
      labelWidth + 2 + symbolWidth + 2 + (showChance ? chanceWidth + 2 : 0) + lowWidth + 1 + 1
      + highWidth
    // The bar takes whatever the columns leave: a wide terminal gets a finer scale.
    let barWidth = max(context.options.width - fixed, minimumBarWidth)
    let periodMin = days.compactMap(\.low).min() ?? .nan
    let periodMax = days.compactMap(\.high).max() ?? .nan
    let bar = context.ascii ? RangeBar.asciiBar : RangeBar.unicodeBar

    for (index, day) in days.enumerated() {
      var line = ViewLine(DisplayWidth.padded(labels[index], to: labelWidth, alignRight: false))
      line.pad(2)
      line.add(DisplayWidth.padded(symbols[index], to: symbolWidth, alignRight: false))
      line.pad(2)
      if showChance {
        line.add(DisplayWidth.padded(chances[index], to: chanceWidth, alignRight: true), .blue)
        line.pad(2)
      }
      line.add(
        DisplayWidth.padded(lows[index], to: lowWidth, alignRight: true),
        day.low.map(TerminalPalette.style(forTemperature:)))
      line.pad(1)
      let drawn = RangeBar.render(
        low: day.low ?? .nan, high: day.high ?? .nan, periodMin: periodMin, periodMax: periodMax,
        width: barWidth, ascii: context.ascii)
      for run in runs(drawn) {
        line.add(run, run.first == bar ? .yellow : .dim)
      }
      line.pad(1)
      line.add(highs[index], day.high.map(TerminalPalette.style(forTemperature:)))
      lines.append(line)
    }
    return lines
  }

  /// `text` cut into runs of the same character.
  package static func runs(_ text: String) -> [String] {
    var result: [String] = []
    for character in text {
      if let last = result.last, last.last == character {
        result[result.count - 1].append(character)
      } else {
        result.append(String(character))
      }
    }
    return result
  }

  /// The latest ensemble's 10–90 % range of 2 m temperature per coming day.
  package static func ensembleList(_ context: Context) -> [ViewLine] {
    var lines = [ViewLine("Ensemble 10–90 % range", .bold)]
    let days = context.model.ensembleDays
    let labels = days.map { $0.date == context.today ? "Today" : context.dayName($0.date) }
    let width = labels.map(DisplayWidth.of).max() ?? 0
    for (index, day) in days.enumerated() {
      var line = ViewLine(DisplayWidth.padded(labels[index], to: width, alignRight: false))
      line.pad(2)
      line.add(context.temperature(day.low), TerminalPalette.style(forTemperature: day.low))
      line.add(" – ")
      line.add(context.temperature(day.high), TerminalPalette.style(forTemperature: day.high))
      lines.append(line)
    }
    return lines
  }
}
