import Analysis
import Foundation

/// The score lists of the help pages, written from the registry: a page holds a placeholder
/// such as `{{scores extremes table}}` where the list goes, and ``fillingHelp(_:)`` puts the
/// list in when the page is read, so the help names exactly the scores the table has.
extension VerifyScore {
  /// Each placeholder with its text.
  public static let helpLists: [(placeholder: String, text: String)] = [
    // The contingency scores' columns, space-separated, as in a column list.
    ("{{scores contingency}}", contingency.map(\.column).joined(separator: " ")),
    // The same, comma-separated, as in a sentence.
    ("{{scores contingency commas}}", contingency.map(\.column).joined(separator: ", ")),
    // The extremes in code type with their names, formulas and sources: a table cell.
    ("{{scores extremes table}}", tableList(extremes)),
    // The extremes as `name = formula (other names)`: running text.
    ("{{scores extremes prose}}", proseList(extremes)),
  ]

  /// `text` with every placeholder of ``helpLists`` replaced by its list. A paragraph of
  /// running text that holds one is filled again to the pages' 100 columns, so it breaks where
  /// it would if the list were written out (the manual page keeps the source's lines).
  public static func fillingHelp(_ text: String) -> String {
    guard text.contains("{{scores ") else { return text }
    return text.components(separatedBy: "\n\n").map { block in
      guard block.contains("{{scores ") else { return block }
      let filled = helpLists.reduce(block) { text, list in
        text.replacingOccurrences(of: list.placeholder, with: list.text)
      }
      return block.hasPrefix("|") ? filled : refilled(filled, width: 100)
    }
    .joined(separator: "\n\n")
  }

  /// `paragraph`'s words in lines of at most `width` characters (a longer word alone).
  private static func refilled(_ paragraph: String, width: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in paragraph.split(separator: "\n").joined(separator: " ").split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = String(word)
      } else {
        line += (line.isEmpty ? "" : " ") + word
      }
    }
    return (lines + [line]).joined(separator: "\n")
  }

  /// Markdown: each score in code type with its other names and formula in parentheses; scores
  /// with one source in a row share it, after the last (`` `a`, `b` (Author & Author 2011) ``).
  static func tableList(_ scores: [VerifyScore]) -> String {
    groups(scores).map { group in
      group.enumerated().map { index, score in
        let entry = score.definition
        var notes = [entry.otherNames.joined(separator: "/"), entry.formulaText ?? ""]
        if index == group.count - 1 { notes.append(entry.reference?.text(joiner: " & ") ?? "") }
        return "`\(score.column)`" + parenthesized(notes)
      }
      .joined(separator: ", ")
    }
    .joined(separator: ", ")
  }

  /// Plain text: `name = formula (other names)`; scores with one source in a row are joined
  /// with "and" and share it (`a and b (Author and Author 2011)`).
  static func proseList(_ scores: [VerifyScore]) -> String {
    groups(scores).map { group in
      let names = group.map { score in
        let entry = score.definition
        return score.column + (entry.formulaText.map { " = " + $0 } ?? "")
          + parenthesized([entry.otherNames.joined(separator: ", ")])
      }
      let joined =
        names.count > 1
        ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names[0]
      let reference = group.last?.definition.reference?.text(joiner: " and ") ?? ""
      return joined + parenthesized([reference])
    }
    .joined(separator: ", ")
  }

  /// The scores in runs that share a source; a score without one is a run of its own.
  private static func groups(_ scores: [VerifyScore]) -> [[VerifyScore]] {
    var groups: [[VerifyScore]] = []
    for score in scores {
      let reference = score.definition.reference
      if reference != nil, let last = groups.last?.last, last.definition.reference == reference {
        groups[groups.count - 1].append(score)
      } else {
        groups.append([score])
      }
    }
    return groups
  }

  /// ` (a, b)` of the non-empty notes; empty when there are none.
  private static func parenthesized(_ notes: [String]) -> String {
    let notes = notes.filter { !$0.isEmpty }
    return notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
  }
}
