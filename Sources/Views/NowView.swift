import Analysis
import Store

/// The weather-app view of `skycast now` as lines of text: a pure function of a
/// `NowModel`, the width, the colour palette and the symbol set.
///
/// Sections, top to bottom:
/// - an `offline — showing data from … (reason)` note when a refresh failed, wrapped;
/// - the header: city, an "Old forecast" warning when the fetch is over a day old, the
///   temperature, condition text and WMO symbol (day or night variant) of the current block
///   while it is at most an hour old, else of the present hour's forecast (labelled), today's
///   high and low, feels-like in plain words, and the age of the data (`updated 47 min ago`);
/// - the 24-hour strip (hour, symbol, temperature, and a temperature sparkline), starting at the
///   current hour when the forecast covers it, otherwise at the forecast's current-conditions
///   time; wrapped into as many rows as the width needs;
/// - the 10-day list with symbols, precipitation chance and high/low range bars drawn against
///   the whole period's minimum and maximum;
/// - modules: feels-like (with method), humidity, wind (speed, direction as a compass point,
///   gusts), UV (value and WHO category), precipitation (amount and probability), sunrise and
///   sunset in local time;
/// - the data attribution.
///
/// Every line fits `width` columns (notes wrapped, other lines cut if need be) and has no trailing spaces. Colour comes
/// only from the palette, so a disabled palette gives plain text; `ascii` swaps symbols, ticks,
/// bars and the degree sign for ASCII.
public enum NowView {
  /// How to draw.
  public struct Options: Sendable, Equatable {
    /// Terminal columns.
    public var width: Int
    public var palette: TerminalPalette
    /// ASCII symbols (METAR abbreviations), ticks and bars; no degree sign.
    public var ascii: Bool

    public init(
      width: Int, palette: TerminalPalette = TerminalPalette(enabled: false), ascii: Bool = false
    ) {
      self.width = width
      self.palette = palette
      self.ascii = ascii
    }
  }

  /// The view as lines (no newlines).
  public static func render(_ model: NowModel, options: Options) -> [String] {
    let context = Context(model: model, options: options)
    var lines: [ViewLine] = []
    let width = max(options.width, 1)
    if let reason = model.offlineReason {
      let dash = options.ascii ? "-" : "\u{2014}"
      // Wrapped, not cut: the reason is the part of the line that matters.
      lines += ViewLine.flow(
        ViewLine(),
        [
          ViewLine(
            "offline \(dash) showing data from \(context.localTime(model.fetchedAt)) (\(reason))",
            .yellow)
        ], separator: " ", width: width, indent: 2)
    }
    lines += header(context)
    lines.append(ViewLine())
    lines += strip(context)
    lines.append(ViewLine())
    lines += dayList(context)
    lines.append(ViewLine())
    if !model.ensembleDays.isEmpty {
      lines += ensembleList(context)
      lines.append(ViewLine())
    }
    lines += modules(context)
    lines.append(ViewLine())
    lines.append(ViewLine("Weather data by Open-Meteo.com (CC BY 4.0)", .dim))
    return lines.map { $0.render(options.palette, maxWidth: width) }
  }

  // MARK: - Header

  package static func header(_ context: Context) -> [ViewLine] {
    let model = context.model
    let width = context.options.width
    var lines = [ViewLine(model.city.displayName, .bold)]
    if let station = model.station {
      lines += ViewLine.flow(
        ViewLine(), [ViewLine("station " + station, .dim)], separator: " ", width: width,
        indent: 2)
    }
    if context.isOld {
      let age = RelativeAge.text(seconds: model.now - model.fetchedAt)
      var warning = "Old forecast: fetched \(age), so this is not today's weather"
      if model.offlineReason == nil { warning += "; refresh with 'skycast now --refresh'" }
      lines += ViewLine.flow(
        ViewLine(), [ViewLine(warning, .yellow)], separator: " ", width: width, indent: 2)
    }

    var temperature = ViewLine()
    if let value = context.nowTemperature {
      temperature.add(
        context.temperature(value, decimals: 1) + (context.ascii ? " C" : "C"),
        TerminalPalette.style(forTemperature: value))
    } else {
      temperature.add("--")
    }
    var condition = ViewLine()
    if let code = context.nowWeatherCode {
      let symbol = context.symbol(code, isDay: context.nowIsDay)
      condition.add(symbol + " " + (WeatherCode.label(code) ?? "unknown weather code \(code)"))
    } else {
      condition.add("no condition reported")
    }
    var conditions = [temperature, condition]
    if let source = context.headerSource { conditions.append(ViewLine("(\(source))", .dim)) }
    lines += ViewLine.flow(ViewLine(), conditions, separator: "  ", width: width, indent: 0)

    var extremes: [ViewLine] = []
    if let day = context.referenceDay {
      var text = "H " + (day.high.map { context.temperature($0) } ?? "--")
      text += "  L " + (day.low.map { context.temperature($0) } ?? "--")
      if day.date != context.today { text += " (\(context.dayName(day.date)))" }
      extremes.append(ViewLine(text))
    }
    if let feels = context.feelsLike {
      var text = "feels like " + context.temperature(feels.value)
      if let note = feels.method.headerNote { text += " " + note }
      extremes.append(ViewLine(text))
    } else {
      extremes.append(ViewLine("feels like --"))
    }
    lines += ViewLine.flow(ViewLine(), extremes, separator: "  ", width: width, indent: 0)

    let age = RelativeAge.text(seconds: model.now - model.fetchedAt)
    lines += ViewLine.flow(
      ViewLine(),
      [
        ViewLine("updated \(age)", .dim),
        ViewLine("(\(context.localTime(model.fetchedAt)) local time)", .dim),
      ],
      separator: " ", width: width, indent: 0)
    return lines
  }
}
