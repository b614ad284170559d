import Store

extension SharedOptions {
  /// `--series`: the stored series a view draws, `forecast`, `observed` or `observed:SOURCE`;
  /// nil when not given (the forecast).
  static func series(help: String) -> Option<SeriesSelection?> {
    .parsed(
      OptionSpec(
        "series", value: "series", help: help, default: SeriesSelection.forecast.description),
      whole: true
    ) { words in
      guard let word = words.last else { return nil }
      guard let selection = SeriesSelection(argument: word) else {
        throw InvalidOptionValue(word, expected: "forecast, observed or observed:SOURCE")
      }
      return selection
    }
  }
}
