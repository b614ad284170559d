import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

/// Consistent exits and messages: data states exit 1 without a usage block, typos get one
/// suggestion, a prompt asks again, ambiguous cities are suggested in a form that works.
@Suite struct MessagesTests {
  @Test(
    "no saved cities is a data state: exit 1 without a usage block",
    arguments: [
      ["spark"], ["summary", "precip", "--from", "2026-03-01", "--to", "2026-03-02"], ["collect"],
      ["observe", "--from", "2026-03-01", "--to", "2026-03-02"],
      ["backfill", "--from", "2026-03-01", "--to", "2026-03-02"],
      ["export", "hourly", "--wide"], ["now"],
    ])
  func noCities(arguments: [String]) async throws {
    let harness = CLIHarness()
    harness.use(server: LoopbackServer.refusingBaseURL)
    _ = try harness.store()
    let result = await harness.run(arguments)
    #expect(result.exitCode == 1, "\(arguments): \(result)")
    #expect(result.stderr.hasPrefix("Error: no saved cities; add one with 'skycast city add NAME'"))
    #expect(!result.stderr.contains("Usage:"), "\(arguments): \(result)")
  }

  @Test(
    "typos get one suggestion",
    arguments: [
      (["colect"], "Unknown subcommand 'colect'; did you mean 'collect'?"),
      (["city", "ad", "Berlin"], "Unknown subcommand 'ad'; did you mean 'add'?"),
      (["spark", "--form", "2026-03-01"], "Unknown option '--form'; did you mean '--from'?"),
      (["verify", "--thresold", "1"], "Unknown option '--thresold'; did you mean '--threshold'?"),
      (
        ["spark", "--var", "temprature_2m"],
        "Unknown variable 'temprature_2m' (see 'skycast vars'); did you mean 'temperature_2m'?"
      ),
      (
        ["verify", "--var", "precipitaton"],
        "Unknown variable 'precipitaton' (see 'skycast vars'); did you mean 'precipitation'?"
      ),
      (
        ["export", "hourly", "--var", "wind_speed"],
        "Unknown variable 'wind_speed' for 'export hourly' (see 'skycast vars'); did you mean 'wind_speed_10m'?"
      ),
      (["collect", "--vars", "uv"], "Unknown variable 'uv' (see 'skycast vars')\n"),
    ])
  func suggestions(arguments: [String], message: String) async {
    let harness = CLIHarness()
    let result = await harness.run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("Error: " + message), "\(result)")
    // One suggestion, never the list of all variables.
    #expect(!result.stderr.contains("relative_humidity_2m, "), "\(result)")
  }

  @Test("a date in the right form that does not exist says so", arguments: ["--from", "--to"])
  func unrealDate(option: String) async {
    let harness = CLIHarness()
    let other = option == "--from" ? "--to" : "--from"
    let result = await harness.run("spark", option, "2025-02-29", other, "2025-02-01")
    #expect(result.exitCode == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: The value '2025-02-29' is invalid for '\(option)': 2025-02-29 is not a real date: February 2025 has 28 days"
      ), "\(result)")
    #expect(LocalDate.calendarProblem("2024-02-29") == nil)
    #expect(
      LocalDate.calendarProblem("2024-04-31")
        == "2024-04-31 is not a real date: April 2024 has 30 days")
    #expect(LocalDate.calendarProblem("20240431") == nil)
  }

  @Test("an interactive pick out of range asks again")
  func pickAgain() async throws {
    let server = try FakeOpenMeteo.server(.geocoding)
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    harness.stdinIsTTY = true
    let result = await harness.run(["city", "add", "Frederick"], stdin: "9\nx\n2\n")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("'9' is not a number from 1 to 3"))
    #expect(result.stderr.contains("'x' is not a number from 1 to 3"))
    #expect(result.stderr.components(separatedBy: "Pick a number (1-3)").count == 4)
    #expect(try harness.store().cities().first?.admin1 == "Oklahoma")
    let cancelled = await harness.run(["city", "add", "Frederick"], stdin: "\n")
    #expect(cancelled.exitCode == 1)
    #expect(cancelled.stderr.contains("cancelled; nothing was saved"))
  }

  /// Two saved Fredericks: the suggestion is a reference that resolves, and lines name the
  /// region.
  @Test("ambiguous cities are suggested as 'Name, Admin1', and output names the region")
  func ambiguousCities() async throws {
    let harness = CLIHarness()
    let server = try FakeOpenMeteo.server(.forecast, now: { harness.now })
    defer { server.stop() }
    harness.use(server: server.baseURL)
    for (admin1, latitude) in [("Maryland", "39.41"), ("Colorado", "40.10")] {
      _ = try harness.store().addCity(
        City(
          name: "Frederick", countryCode: "US", admin1: admin1, latitude: Double(latitude)!,
          longitude: -77.4, timezone: "America/New_York"))
    }
    let ambiguous = await harness.run("spark", "--city", "Frederick")
    #expect(ambiguous.exitCode == 64)
    #expect(
      ambiguous.stderr.contains("  1  Frederick  Maryland  US  \"Frederick, Maryland\""),
      "\(ambiguous)")
    #expect(ambiguous.stderr.contains("  2  Frederick  Colorado  US  \"Frederick, Colorado\""))
    let named = await harness.run("collect", "--city", "Frederick, Maryland")
    #expect(named.exitCode == 0, "the suggestion works: \(named)")
    #expect(named.stderr.contains("Frederick, Maryland: stored "), "\(named)")
    let both = await harness.run("collect", "--force")
    #expect(both.stderr.contains("Frederick, Colorado: stored "), "\(both)")
    // The same name and region twice: only the id tells them apart, so no quoted form.
    let twin = City(
      name: "Frederick", countryCode: "US", admin1: "Maryland", latitude: 0, longitude: 0)
    let candidates = [
      City(name: "Frederick", countryCode: "US", admin1: "Maryland", latitude: 1, longitude: 1),
      twin,
    ]
    #expect(CityReferenceError.reference(for: twin, among: candidates) == nil)
  }

  @Test(
    "a city that does not resolve is a data error: exit 64 and no usage block; a bad option keeps it"
  )
  func usageBlockOnlyForParseAndValidationErrors() async throws {
    let harness = CLIHarness()
    harness.use(server: LoopbackServer.refusingBaseURL)
    for latitude in [39.41, 40.10] {
      _ = try harness.store().addCity(
        City(name: "Frederick", countryCode: "US", latitude: latitude, longitude: -77.4))
    }
    for reference in ["Atlantis", "Frederick"] {
      let result = await harness.run("spark", "--city", reference)
      #expect(result.exitCode == 64, "\(reference): \(result)")
      #expect(result.stderr.hasPrefix("Error: "), "\(reference): \(result)")
      #expect(!result.stderr.contains("Usage:"), "\(reference): \(result)")
    }
    let typo = await harness.run("spark", "--days", "zero")
    #expect(typo.exitCode == 64, "\(typo)")
    #expect(typo.stderr.contains("Usage: skycast spark"), "\(typo)")
    let refused = await harness.run("verify", "--by", "weekday")
    #expect(refused.exitCode == 64, "\(refused)")
    #expect(refused.stderr.contains("Usage: skycast verify"), "\(refused)")
  }

  @Test("Suggestion picks the closest near name only")
  func suggestionRule() {
    #expect(Suggestion.closest(to: "form", in: ["from", "to", "format"]) == "from")
    #expect(Suggestion.closest(to: "xyz", in: ["from", "to"]) == nil)
    #expect(Suggestion.closest(to: "verfiy", in: ["verify", "vars"]) == "verify")
    #expect(
      Suggestion.closest(to: "temperature", in: ["temperature_2m", "rain"]) == "temperature_2m")
  }
}
