import SkycastModel

/// How a score is named for a reader: in a figure's title, axis and legend, words instead of
/// the column name (`Root-mean-square error (°C)`, not `rmse`); all of it read from the
/// score's ``definition``.
extension VerifyScore {
  /// The score in words, sentence case (`Root-mean-square error`).
  public var words: String { definition.words }

  /// The score as a word inside a sentence: lower case except abbreviations
  /// (`root-mean-square error`, `MSE skill`).
  public var wordsInSentence: String {
    let text = words
    guard let first = text.first, text.dropFirst().first?.isLowercase ?? false else {
      return text
    }
    return first.lowercased() + text.dropFirst()
  }

  /// The words over the score's column in a document table (`RMSE`, `Freq. bias`); nil where
  /// the column name is shown as it is.
  public var header: String? { definition.header }

  /// The unit of the score for `variable`: the variable's for errors, none for the others.
  public func unit(_ variable: WeatherVariable) -> String {
    definition.unit == .variable ? variable.unit : ""
  }

  /// Whether the score's axis reaches zero.
  public var axisIncludesZero: Bool { definition.axisFromZero }

  /// The name `--score` takes: the column with hyphens (`mse-skill`).
  public var optionName: String { String(column.map { $0 == "_" ? "-" : $0 }) }

  /// The score `--score NAME` means (hyphens or underscores, any case); nil for none.
  public static func named(_ name: String) -> VerifyScore? {
    let wanted = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
    return allCases.first { $0.optionName == wanted }
  }

  /// Header words by column name, for the document tables' column titles (Export's
  /// `ColumnTitle`): every score that has words of its own.
  public static var headers: [String: String] {
    Dictionary(
      uniqueKeysWithValues: allCases.compactMap { score in
        score.header.map { (score.column, $0) }
      })
  }
}
