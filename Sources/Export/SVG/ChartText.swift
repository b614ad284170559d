import SkycastModel

/// Fixed texts and number formatting shared by the chart renderers.
public enum ChartText {
  /// The attribution Open-Meteo's licence (CC BY 4.0) asks for, printed under every chart by
  /// default.
  public static let openMeteoAttribution = "Weather data by Open-Meteo.com (CC BY 4.0)"

  /// The font stack: Noto Sans for Latin, then CJK faces (Noto Sans CJK SC, Source Han Sans SC,
  /// WenQuanYi Micro Hei) so Chinese city names render, then DejaVu Sans and any sans-serif.
  package static let fontFamily =
    "'Noto Sans', 'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', "
    + "'DejaVu Sans', sans-serif"

  /// A value for display: `decimals` fixed digits (rounded like SQLite's `round()`), or the
  /// shortest round-trip text when nil, with a typographic minus sign (U+2212) for negatives.
  package static func number(_ value: Double, decimals: Int?) -> String {
    var text: String
    if let decimals {
      text = NumberText.fixed(value, decimals: decimals)
    } else {
      text = NumberText.shortest(value)
      if text.hasSuffix(".0") { text.removeLast(2) }
    }
    if text.hasPrefix("-") { text = "\u{2212}" + text.dropFirst() }
    return text
  }

  /// `value unit`, or just the value when there is no unit (`%` and `°` attach directly).
  package static func quantity(_ value: String, unit: String) -> String {
    if unit.isEmpty { return value }
    if unit == "%" || unit == "°" { return value + unit }
    return value + " " + unit
  }
}
