/// `verify --threshold`, parsed where the option is declared: numbers in the variable's unit,
/// or one percentile of the observed climate (`p90`).
struct VerifyThresholds: Sendable, Equatable {
  /// The numbers in ascending order without repeats; `[0]` for a percentile, whose event
  /// carries only the operator; empty when not given.
  var values: [Double] = []
  /// `pNN`'s NN (0 < NN < 100); nil for numbers.
  var percentile: Double?
  /// The words given: more than one is a row per threshold, which only the score table has.
  var wordCount = 0

  /// The words of `--threshold` (commas split).
  ///
  /// - Throws: `InvalidOptionValue` for a word that is no number, or a percentile that is not
  ///   the only word.
  static func parse(_ words: [String]) throws -> Self {
    var parsed = Self(wordCount: words.count)
    if words.contains(where: { $0.lowercased().hasPrefix("p") }) {
      guard words.count == 1, let percent = Double(words[0].dropFirst()), percent > 0,
        percent < 100
      else {
        let word = words.first { $0.lowercased().hasPrefix("p") } ?? ""
        throw InvalidOptionValue(
          words.count == 1 ? word : words.joined(separator: ","),
          expected: "numbers, or one percentile of the observed climate such as p90")
      }
      parsed.percentile = percent
      parsed.values = [0]
      return parsed
    }
    for word in words {
      guard let value = Double(word), value.isFinite else {
        throw InvalidOptionValue(word, expected: "a number")
      }
      if !parsed.values.contains(value) { parsed.values.append(value) }
    }
    parsed.values.sort()
    return parsed
  }
}
