import Foundation
import TestSupport
import Testing

@testable import SkycastCLI

/// Every `skycast` command in the ```sh blocks of the README and then of each help topic
/// (`Sources/SkycastResources/Help/*.md`, in `skycast help`'s order, which is the order the chapters had in the README)
/// runs as shown, in order, against the fake Open-Meteo on a loopback server and one temporary
/// database. (```cron, ```ini and ```text blocks — schedules, prerequisites and the setup
/// commands — are not run.)
@Suite struct ReadmeCommandTests {
  /// The README clock: mid-April 2026, after the walkthrough's date ranges.
  static let now = Date(timeIntervalSince1970: 1_776_254_400)  // 2026-04-15T12:00:00Z

  struct Command: CustomStringConvertible {
    var file: String
    var line: Int
    var words: [String]
    var stdin: String
    var description: String { "\(file):\(line): skycast \(words.joined(separator: " "))" }
  }

  /// The files whose `sh` blocks run, in order: the README, then every help topic.
  static var files: [String] {
    ["README.md"] + HelpTopic.all.map { "Sources/SkycastResources/Help/\($0.name).md" }
  }

  /// The commands of the `sh` blocks of the README and the help topics, in order.
  static func commands() throws -> [Command] {
    try files.flatMap { try commands(in: $0) }
  }

  /// The commands of the `sh` blocks of `file` (relative to the package root).
  static func commands(in file: String) throws -> [Command] {
    let text = try String(
      contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8)
    var commands: [Command] = []
    var inShell = false
    var inOtherBlock = false
    for (offset, raw) in text.components(separatedBy: "\n").enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("```") {
        if inShell || inOtherBlock {
          inShell = false
          inOtherBlock = false
        } else if line == "```sh" {
          inShell = true
        } else {
          inOtherBlock = true
        }
        continue
      }
      guard inShell else { continue }
      var stdin = ""
      var commandText = line
      // `printf '…' | skycast …`: the printf text becomes standard input.
      if line.hasPrefix("printf "), let pipe = line.range(of: " | skycast ") {
        let printed = String(line[line.index(line.startIndex, offsetBy: 7)..<pipe.lowerBound])
        stdin = (try? words(printed).first) ?? ""
        commandText = String(line[line.index(pipe.lowerBound, offsetBy: 3)...])
      }
      guard commandText.hasPrefix("skycast ") else { continue }
      let withoutComment = commandText.components(separatedBy: "  #").first ?? commandText
      commands.append(
        Command(
          file: file, line: offset + 1, words: try words(String(withoutComment.dropFirst(8))),
          stdin: stdin))
    }
    return commands
  }

  /// Splits a shell-like command line: spaces separate words; '…' and "…" quote.
  static func words(_ text: String) throws -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for character in text {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  @Test("the README has commands for every step of the walkthrough, the topics for the rest")
  func readmeHasCommands() throws {
    let readme = try Self.commands(in: "README.md")
    #expect(readme.count > 25)
    for name in [
      "city", "collect", "backfill", "observe", "verify", "export", "spark", "summary", "report",
    ] {
      #expect(readme.contains { $0.words.first == name }, "no '\(name)' example in the README")
    }
    let all = try Self.commands()
    #expect(all.count > 80)
    for name in ["now", "import", "sql", "station"] {
      #expect(all.contains { $0.words.first == name }, "no '\(name)' example in the topics")
    }
  }

  @Test("every skycast command in the README and the help topics runs as shown")
  func everyCommandRuns() async throws {
    let server = try FakeOpenMeteo.server(.all, now: { Self.now })
    defer { server.stop() }
    let harness = CLIHarness(now: Self.now)
    harness.use(server: server.baseURL)
    // Files the README's import examples read.
    try """
    city,time,temperature_2m (°C),precipitation (mm)
    Berlin,2026-04-01T00:00,6.1,0.0
    Berlin,2026-04-01T01:00,5.8,0.2
    Berlin,2026-04-01T02:00,5.5,
    """.write(toFile: harness.directory.file("station.csv"), atomically: true, encoding: .utf8)
    try """
    city,issued_at,time,temperature_2m,precipitation
    Beijing,2026-04-01T08:00+08:00,2026-04-02T08:00+08:00,14.0,0.0
    Beijing,2026-04-01T08:00+08:00,2026-04-03T08:00+08:00,15.5,1.2
    """.write(toFile: harness.directory.file("qweather-log.csv"), atomically: true, encoding: .utf8)
    // The station walkthrough's files: DWD's station description with Potsdam's line (derived
    // from Angermünde's, same widths) and the derived hourly TU archive of Potsdam (03987).
    let stations = PackagePaths.stationFixtures.appendingPathComponent("dwd")
    let list = try String(
      contentsOf: stations.appendingPathComponent("TU_Stundenwerte_Beschreibung_Stationen.txt"),
      encoding: .isoLatin1)
    let lines = list.components(separatedBy: "\n")
    let angermuende = try #require(lines.first { $0.hasPrefix("00164 ") })
    let potsdam = angermuende.replacingOccurrences(of: "00164 19560101", with: "03987 19850101")
      .replacingOccurrences(of: "            54 ", with: "            81 ")
      .replacingOccurrences(
        of: "53.0316   13.9908 Angermünde", with: "52.3813   13.0622 Potsdam   ")
    try (lines.prefix(2) + [potsdam]).joined(separator: "\n").write(
      toFile: harness.directory.file("TU_Stundenwerte_Beschreibung_Stationen.txt"),
      atomically: true, encoding: .isoLatin1)
    try FileManager.default.copyItem(
      atPath: stations.appendingPathComponent("derived-stundenwerte_TU_03987_akt.zip").path,
      toPath: harness.directory.file("stundenwerte_TU_03987_akt.zip"))
    // The walkthrough's analysis steps name the demo's places: `DemoWalkthroughTests` runs them
    // on the demo database, as printed.
    let onDemo = Set(try DemoWalkthroughTests.walkthroughCommands().map(\.line))
    for command in try Self.commands()
    where !(command.file == "README.md" && onDemo.contains(command.line)) {
      let result = await harness.run(command.words, stdin: command.stdin)
      #expect(result.exitCode == 0, "\(command)\n\(result)")
    }
  }
}
