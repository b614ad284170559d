/// The weather-app view of `skycast now` (SPEC §7, §11) as lines of text: a pure function of a
/// `NowModel`, the width, the colour palette and the symbol set.
///
/// Sections, top to bottom:
/// - an `offline — showing data from …` line when a refresh failed;
/// - the header: city, current temperature, condition text and WMO symbol (day or night
///   variant), today's high and low, feels-like with its method, and the age of the data
///   (`updated 47 min ago`);
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
/// Every line fits `width` columns (cut if need be) and has no trailing spaces. Colour comes
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
    if let reason = model.offlineReason {
      let dash = options.ascii ? "-" : "\u{2014}"
      lines.append(
        ViewLine(
          "offline \(dash) showing data from \(context.localTime(model.fetchedAt)) (\(reason))",
          .yellow))
    }
    lines += header(context)
    lines.append(ViewLine())
    lines += strip(context)
    lines.append(ViewLine())
    lines += dayList(context)
    lines.append(ViewLine())
    lines += modules(context)
    lines.append(ViewLine())
    lines.append(ViewLine("Weather data by Open-Meteo.com (CC BY 4.0)", .dim))
    let width = max(options.width, 1)
    return lines.map { $0.render(options.palette, maxWidth: width) }
  }

  // MARK: - Header

  static func header(_ context: Context) -> [ViewLine] {
    let model = context.model
    var lines = [ViewLine(model.city.displayName, .bold)]

    var conditions = ViewLine()
    if let temperature = context.nowTemperature {
      conditions.add(
        context.temperature(temperature, decimals: 1) + (context.ascii ? " C" : "C"),
        TerminalPalette.style(forTemperature: temperature))
    } else {
      conditions.add("--")
    }
    conditions.add("  ")
    if let code = context.nowWeatherCode {
      let symbol = context.symbol(code, isDay: context.nowIsDay)
      conditions.add(symbol + " " + (WeatherCode.label(code) ?? "unknown weather code \(code)"))
    } else {
      conditions.add("no condition reported")
    }
    lines.append(conditions)

    var extremes: [ViewLine] = []
    if let day = context.referenceDay {
      var text = "H " + (day.high.map { context.temperature($0) } ?? "--")
      text += "  L " + (day.low.map { context.temperature($0) } ?? "--")
      if day.date != context.today { text += " (\(context.dayName(day.date)))" }
      extremes.append(ViewLine(text))
    }
    if let feels = context.feelsLike {
      extremes.append(
        ViewLine("feels like " + context.temperature(feels.value) + " (\(feels.method))"))
    } else {
      extremes.append(ViewLine("feels like --"))
    }
    let width = context.options.width
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
