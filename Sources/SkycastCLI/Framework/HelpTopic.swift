import Analysis
import Foundation
import SkycastResources
import Verify

/// A reference page that `skycast help <topic>` prints: a Markdown file of the package's `Help/`
/// folder, compiled into the binary like `Queries/` (see `EmbedResourcesPlugin`).
///
/// The file's first line, a `# ` heading, is the page's one-line abstract; its name without
/// `.md` is the topic's name. The README points at these pages instead of holding them.
struct HelpTopic: Sendable {
  /// The name typed after `skycast help`, e.g. `verification`.
  let name: String
  /// The text of the page's first heading.
  let abstract: String
  /// The page as written.
  let markdown: String

  /// The reading order of the topics: the order their chapters had in the README, which the
  /// README test keeps when it runs their examples. A file not listed here comes after these,
  /// by name.
  static let order = [
    "collecting", "importing", "stations", "summaries", "reports", "verification",
    "history", "spreadsheets", "datasets", "terminal", "figures", "schema", "formats",
    "reliability",
    "performance", "development",
  ]

  /// The topic each top-level command's help points to.
  static let commandTopics: [String: [String]] = [
    "city": ["collecting"],
    "collect": ["collecting"],
    "observe": ["collecting", "stations"],
    "backfill": ["collecting"],
    "import": ["importing", "stations"],
    "station": ["stations"],
    "now": ["terminal"],
    "summary": ["summaries"],
    "verify": ["verification", "history", "figures"],
    "spark": ["terminal", "history", "figures"],
    "archive": ["history"],
    "export": ["spreadsheets", "datasets", "formats"],
    "report": ["reports"],
    "sql": ["schema"],
    "db": ["schema", "datasets", "reliability"],
    "vars": ["formats"],
  ]

  /// Every embedded topic, in reading order.
  static let all: [HelpTopic] = {
    let files = EmbeddedResources.files(in: "Help").filter { $0.key.hasSuffix(".md") }
    let topics = files.map { path, data in
      // A page's score lists are the registry's (`{{scores …}}` placeholders).
      HelpTopic(
        name: String(path.dropLast(3)),
        markdown: VerifyScore.fillingHelp(String(decoding: data, as: UTF8.self)))
    }
    return topics.sorted { a, b in
      let (i, j) = (
        order.firstIndex(of: a.name) ?? order.count, order.firstIndex(of: b.name) ?? order.count
      )
      return i != j ? i < j : a.name < b.name
    }
  }()

  /// The topic called `name`, if there is one.
  static func named(_ name: String) -> HelpTopic? {
    all.first { $0.name == name }
  }

  init(name: String, markdown: String) {
    self.name = name
    self.markdown = markdown
    let firstLine = markdown.prefix { $0 != "\n" }
    abstract = String(firstLine.drop { $0 == "#" || $0 == " " }).replacingOccurrences(
      of: "`", with: "")
  }
}
