import Export
import Foundation
import Testing

@testable import SkycastCLI

/// The help topics' text survives to the terminal and to the manual page: every word of a
/// topic's Markdown source is in `skycast help <topic>` and in `skycast manual`. (A prose line
/// that began with `|`, such as history's `|x_N − x_(N−1)|: …`, was read as a table row and
/// vanished from both.)
@Suite struct HelpTopicTextTests {
  /// The words of a topic's source that its renderings keep: every line but `<!-- … -->`
  /// markers, code fences and a table's header and delimiter rows (the header labels the
  /// cells instead), without heading marks and table bars. A word's trailing `;` is dropped on
  /// both sides, since a wide table's cells are joined with "; ".
  static func sourceWords(_ markdown: String) -> [String] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var words: [String] = []
    var inTable = false
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("```") || line.hasPrefix("<!--") { continue }
      if !line.hasPrefix("|") { inTable = false }
      let nextIsDelimiter = index + 1 < lines.count && HelpTopic.isDelimiterRow(lines[index + 1])
      if line.hasPrefix("|"), !inTable, nextIsDelimiter {
        inTable = true  // the header row
        continue
      }
      if inTable, HelpTopic.isDelimiterRow(line) { continue }
      var text = line
      if inTable {
        text = HelpTopic.cells(line).joined(separator: " ")
      } else if line.hasPrefix("#") {
        text = String(line.drop { $0 == "#" })
      }
      words += tokens(text)
    }
    return words
  }

  static func tokens(_ text: String) -> [String] {
    text.split(whereSeparator: \.isWhitespace).map { word in
      var word = String(word)
      while word.hasSuffix(";") { word.removeLast() }
      return word
    }.filter { !$0.isEmpty }
  }

  /// The words of `source` that `rendered` lacks (counted: a word twice in the source must be
  /// there twice).
  static func missing(_ source: [String], in rendered: [String]) -> [String] {
    var available: [String: Int] = [:]
    for word in rendered { available[word, default: 0] += 1 }
    var missing: [String] = []
    for word in source {
      if let count = available[word], count > 0 {
        available[word] = count - 1
      } else {
        missing.append(word)
      }
    }
    return missing
  }

  /// Reverses `ManualPage.escape` and drops roff requests, so the manual's words can be
  /// compared with the source's.
  static func unescapedManual(_ roff: String) -> String {
    var text = ""
    for line in roff.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(line)
      if line.hasPrefix(".") {
        // A request: only `.SS "title"` carries words of a page.
        guard line.hasPrefix(".SS ") else { continue }
        line = String(line.dropFirst(4)).replacingOccurrences(of: "\"", with: "")
          .replacingOccurrences(of: "\\(dq", with: "\"")
      }
      var scalars = String.UnicodeScalarView()
      var rest = Substring(line)
      while let first = rest.first {
        if rest.hasPrefix("\\[u"), let end = rest.firstIndex(of: "]"),
          let value = UInt32(rest[rest.index(rest.startIndex, offsetBy: 3)..<end], radix: 16),
          let scalar = Unicode.Scalar(value)
        {
          scalars.append(scalar)
          rest = rest[rest.index(after: end)...]
        } else if rest.hasPrefix("\\-") {
          scalars.append("-")
          rest = rest.dropFirst(2)
        } else if rest.hasPrefix("\\e") {
          scalars.append("\\")
          rest = rest.dropFirst(2)
        } else if rest.hasPrefix("\\&") {
          rest = rest.dropFirst(2)
        } else {
          scalars.append(contentsOf: String(first).unicodeScalars)
          rest = rest.dropFirst()
        }
      }
      text += String(scalars) + "\n"
    }
    return text
  }

  @Test(
    "skycast help <topic> prints every word of the topic's source",
    arguments: HelpTopic.all.map(\.name))
  func plainTextKeepsEveryWord(name: String) throws {
    let topic = try #require(HelpTopic.all.first { $0.name == name })
    let missing = Self.missing(
      Self.sourceWords(topic.markdown), in: Self.tokens(topic.plainText))
    #expect(missing.isEmpty, "\(name) lacks \(missing.prefix(20))")
  }

  @Test("the manual page holds every word of every topic's source")
  func manualKeepsEveryWord() throws {
    let manual = Self.unescapedManual(ManualPage.topics(HelpTopic.all, commandName: "skycast"))
    let rendered = Self.tokens(manual)
    for topic in HelpTopic.all {
      // A list item's "- " becomes the manual's bullet request (`.IP \(bu`), not a word.
      let words = Self.sourceWords(topic.markdown).filter { $0 != "-" }
      let missing = Self.missing(words, in: rendered)
      #expect(missing.isEmpty, "\(topic.name) lacks \(missing.prefix(20)) in the manual")
    }
  }

  @Test("a prose line that begins with a bar is prose, and a real table is still a table")
  func barLineIsProse() {
    let topic = HelpTopic(
      name: "t",
      markdown: "# T\n\nscores by\n|x_N − x_(N−1)|: n, mean\n\n| a | b |\n|---|---|\n| c | d |\n")
    #expect(topic.lines.contains(.text("|x_N − x_(N−1)|: n, mean")))
    #expect(topic.lines.contains(.tableRow(term: "c", detail: "d")))
    #expect(topic.plainText.contains("scores by |x_N − x_(N−1)|: n, mean"))
  }
}

extension HelpTopicTextTests {
  /// Code lines wider than the page fold at spaces outside quotes: shell commands with ` \`,
  /// other code indented; words and their order are kept, and a line that fits is untouched.
  @Test("code lines fold at spaces: commands continue with a backslash, other code indents")
  func foldedCode() {
    let command =
      "skycast collect --city Berlin --days 16 --models best_match,icon_seamless --vars temperature_2m"
    let shell = HelpTopic.folded(command, width: 40, shell: true)
    #expect(shell.count > 1)
    #expect(shell.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(shell)")
    #expect(shell.dropLast().allSatisfy { $0.hasSuffix(" \\") })
    #expect(shell.dropFirst().allSatisfy { $0.hasPrefix("  ") })
    let rejoined = shell.map { $0.hasSuffix(" \\") ? String($0.dropLast(2)) : $0 }
      .joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(rejoined == command)
    let quoted = HelpTopic.folded(
      #"skycast sql "SELECT city, count(*) FROM hourly_forecasts_named GROUP BY city" --format csv"#,
      width: 70, shell: true)
    #expect(quoted.count > 1, "\(quoted)")
    #expect(
      quoted.contains {
        $0.contains(#""SELECT city, count(*) FROM hourly_forecasts_named GROUP BY city""#)
      })
    let sql = HelpTopic.folded(
      "JOIN hourly_observations o ON o.city_id = f.city_id AND o.source = 'era5'", width: 40,
      shell: false)
    #expect(sql.allSatisfy { !$0.hasSuffix("\\") } && sql.count == 2, "\(sql)")
    #expect(HelpTopic.folded("  short line", width: 40, shell: true) == ["  short line"])
  }
}
