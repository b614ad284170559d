import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

/// Data formats (CSV, JSON, Markdown, LaTeX) keep cells exact in files and pipes, and never send
/// a raw control or bidi character to a terminal: an attack printed a city's OSC and bidi
/// characters raw through `city list --format csv`, `export cities --excel`, `report --list
/// --format csv` and every other CSV path.
@Suite struct TerminalDataTests {
  static let hostile = "Evil\u{1B}]52;c;cGF3bmVk\u{07}\u{202E}dab\u{9B}31m\u{7F}"

  /// A history whose city name and report description carry OSC, BEL, bidi, C1 and DEL.
  func hostileHarness() async throws -> CLIHarness {
    let harness = CLIHarness()
    let store = try harness.store()
    let builder = HistoryBuilder(store: store)
    let city = try builder.city(Self.hostile, timezone: "Europe/Berlin")
    let issued = builder.instant(city, "2026-03-19", hour: 6)
    let fetch = try builder.fetch(city, requestedAt: issued, issuedAt: issued)
    for validAt in builder.hours(city, "2026-03-20").prefix(3) {
      try builder.forecast(
        city, fetch: fetch, issuedAt: issued, validAt: validAt, ["temperature_2m": 5])
      try builder.observedHour(city, validAt: validAt, ["temperature_2m": 4])
    }
    let queries = harness.directory.file("config/skycast/queries")
    try FileManager.default.createDirectory(atPath: queries, withIntermediateDirectories: true)
    try
      "-- name: evil-cities\n-- description: Cities \(Self.hostile) by name\nSELECT name FROM cities\n"
      .write(
        toFile: queries + "/evil-cities.sql", atomically: true, encoding: .utf8)
    harness.environment["XDG_CONFIG_HOME"] = harness.directory.file("config")
    return harness
  }

  static let commands: [[String]] = [
    ["city", "list", "--format", "csv"], ["city", "list", "--format", "json"],
    ["export", "cities", "--excel"], ["export", "cities", "--format", "csv"],
    ["report", "--list", "--format", "csv"], ["report", "evil-cities", "--format", "csv"],
    ["export", "hourly", "--format", "csv"], ["export", "hourly", "--format", "ndjson"],
    ["export", "observations", "--format", "csv"], ["export", "fetches", "--format", "csv"],
    ["sql", "SELECT name FROM cities", "--format", "csv"],
    ["sql", "SELECT name FROM cities", "--format", "markdown"],
    ["sql", "SELECT name FROM cities", "--format", "latex"],
  ]

  @Test("On a terminal every data format shows the name escaped", arguments: commands)
  func terminalGetsEscapes(command: [String]) async throws {
    let harness = try await hostileHarness()
    harness.stdoutIsTTY = true
    let result = await harness.run(command)
    #expect(result.exitCode == 0, "\(result)")
    // Line ends (CSV's CRLF among them) stay line ends.
    let raw = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars.filter {
      $0 != "\n" && TerminalSafe.needsEscaping($0)
    }
    #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in \(result.stdout)")
    // CSV shows the escapes; JSON, Markdown and LaTeX escape in their own syntax.
    if command.contains("csv") || command.contains("--excel") {
      #expect(result.stdout.contains("Evil\\e]52;c;cGF3bmVk\\u{7}\\u{202E}"), "\(result)")
    }
  }

  @Test(
    "Files and pipes keep the exact data",
    arguments: commands.filter { $0.contains("csv") || $0.contains("--excel") })
  func pipesKeepData(command: [String]) async throws {
    let harness = try await hostileHarness()
    let result = await harness.run(command)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("Evil\u{1B}]52;c;cGF3bmVk\u{07}"), "\(result)")
  }

  @Test("A character cut by a full buffer is escaped whole")
  func cutCharacter() throws {
    let sink = MemorySink()
    let output = TextOutput(sink, capacity: 8)
    output.escapesDataForTerminal = true
    for _ in 0..<20 { try output.write("ab\u{202E}c\u{9B}\r\n") }
    try output.flush()
    let text = String(decoding: sink.bytes, as: UTF8.self)
    #expect(text == String(repeating: "ab\\u{202E}c\\u{9B}\r\n", count: 20))
  }
}
