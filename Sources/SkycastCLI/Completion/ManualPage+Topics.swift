import Foundation

// MARK: - Help topics

extension ManualPage {
  /// The reference pages of `skycast help <topic>` as manual sections: a `TOPICS` list, then
  /// one section per page, headed by its name, with its sections as `.SS`, code blocks kept as
  /// written (`.nf`), table rows and list items as tagged and bulleted paragraphs, prose filled.
  static func topics(_ topics: [HelpTopic], commandName: String) -> String {
    guard !topics.isEmpty else { return "" }
    var text = ".SH TOPICS\n"
    text += escape("Reference pages, also printed one at a time by '\(commandName) help <topic>'.")
    text += "\n"
    for topic in topics {
      text += ".TP\n.B \(escape(topic.name))\n\(escape(topic.abstract))\n"
    }
    for topic in topics {
      text += ".SH \"\(escape(topic.name.uppercased()))\"\n"
      text += roff(topic.lines)
    }
    return text
  }

  /// One page's lines in roff.
  private static func roff(_ lines: [HelpTopic.Line]) -> String {
    var text = ""
    var preformatted = false
    func fill() {
      if preformatted {
        text += ".fi\n.RE\n"
        preformatted = false
      }
    }
    func keep() {
      if !preformatted {
        text += ".RS 2\n.nf\n"
        preformatted = true
      }
    }
    for line in lines {
      switch line {
      case .heading(1, let title):
        fill()
        text += escape(title) + "\n"
      case .heading(_, let title):
        fill()
        text += ".SS \"\(escape(title).replacingOccurrences(of: "\"", with: "\\(dq"))\"\n"
      case .code(let code, _):
        keep()
        text += escape(code) + "\n"
      case .tableRow(let term, let detail):
        fill()
        text += ".TP\n" + escape(term) + "\n" + escape(detail) + "\n"
      case .blank:
        if preformatted { fill() } else { text += ".PP\n" }
      case .text(let prose):
        fill()
        if prose.hasPrefix("- ") {
          text += ".IP \\(bu 2\n" + escape(String(prose.dropFirst(2))) + "\n"
        } else {
          text += escape(prose.trimmingCharacters(in: .whitespaces)) + "\n"
        }
      }
    }
    fill()
    return text
  }
}
