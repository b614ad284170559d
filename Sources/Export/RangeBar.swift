/// The high/low range bar of the `now` view's 10-day list.
///
/// The bar spans the whole period's min…max in `width` columns; the day's low…high is drawn
/// heavy (`━`, ASCII `=`) over a light track (`·`, ASCII `-`), as weather apps draw it:
///
/// ```
///  3°  ····━━━━━━━━━  12°
/// -1°  ━━━━━━━━━····   8°
/// ```
public enum RangeBar {
  /// The drawn part of the bar.
  public static let unicodeBar: Character = "━"
  /// The rest of the track.
  public static let unicodeTrack: Character = "·"
  /// The drawn part in ASCII mode.
  public static let asciiBar: Character = "="
  /// The track in ASCII mode.
  public static let asciiTrack: Character = "-"

  /// A bar of exactly `width` columns (empty when `width` < 1).
  ///
  /// Column j stands for the slice [j, j+1)·(periodMax − periodMin)/width above periodMin, and
  /// is drawn when the day's range touches it, so the day holding the period's minimum starts at
  /// the first column and the one holding its maximum ends at the last; every day draws at least
  /// one column. `low` and `high` are swapped when reversed and clamped to the period. When the
  /// period has no spread (periodMax = periodMin) the whole width is drawn; when an input is not
  /// finite only the track is drawn.
  public static func render(
    low: Double, high: Double, periodMin: Double, periodMax: Double, width: Int, ascii: Bool
  ) -> String {
    guard width > 0 else { return "" }
    let bar = ascii ? asciiBar : unicodeBar
    let track = ascii ? asciiTrack : unicodeTrack
    guard low.isFinite, high.isFinite, periodMin.isFinite, periodMax.isFinite else {
      return String(repeating: track, count: width)
    }
    // Halves, so extreme values cannot overflow the span to ∞ (and positions to NaN).
    let bottom = min(periodMin, periodMax) / 2
    let span = max(periodMin, periodMax) / 2 - bottom
    guard span > 0 else { return String(repeating: bar, count: width) }
    let columns = Double(width)
    func position(_ value: Double) -> Double {
      let fraction = (value / 2 - bottom) / span
      return fraction.isFinite ? min(max(fraction, 0), 1) * columns : 0
    }
    let from = position(min(low, high))
    let to = position(max(low, high))
    let first = min(Int(from.rounded(.down)), width - 1)
    let last = max(min(Int(to.rounded(.up)) - 1, width - 1), first)
    var text = ""
    for column in 0..<width {
      text.append(column >= first && column <= last ? bar : track)
    }
    return text
  }
}
