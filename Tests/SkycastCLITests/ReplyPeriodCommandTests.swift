import Foundation
import SkycastModel
import TestSupport
import Testing

/// Replies outside what was asked, through the commands: an ERA5 or Historical Forecast reply
/// of 2199, a single run dated before its run or holding only nulls, each a failed fetch with
/// its reason and nothing stored.
@Suite struct ReplyPeriodCommandTests {
  /// A one-location reply in UTC with hourly temperatures at `times` (nil values as null).
  static func reply(times: [Int64], value: String = "1.5") -> Reply {
    let column = "temperature_2m"
    let values = times.map { _ in value }.joined(separator: ",")
    return .ok(
      #"{"latitude":52.52,"longitude":13.41,"generationtime_ms":0.1,"utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT","elevation":38.0,"hourly_units":{"time":"unixtime","\#(column)":"°C"},"hourly":{"time":[\#(times.map(String.init).joined(separator: ","))],"\#(column)":[\#(values)]}}"#
    )
  }

  static func harness(_ server: LoopbackServer, now: Int64) async throws -> CLIHarness {
    let harness = CLIHarness(now: Date(timeIntervalSince1970: TimeInterval(now)))
    harness.use(server: server.baseURL)
    try await Ingest.addCity(harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "GMT")
    return harness
  }

  @Test(
    "an ERA5 or Historical Forecast reply of hours in 2199 is a failed fetch; nothing stored",
    arguments: [
      ["observe", "--from", "2026-03-10", "--to", "2026-03-12"],
      [
        "observe", "--source", "historical-forecast", "--model", "ecmwf_ifs025", "--from",
        "2026-03-10", "--to", "2026-03-12",
      ],
    ])
  func history(arguments: [String]) async throws {
    let times = (0..<72).map { 7_226_582_400 + Int64($0) * 3600 }
    let server = try LoopbackServer { _ in Self.reply(times: times) }
    defer { server.stop() }
    let harness = try await Self.harness(server, now: 1_774_000_000)
    let result = await harness.run(arguments + ["--retries", "0"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr.contains(
        "the reply holds 72 hourly times (first 2199-01-01T00:00Z) outside what was asked (2026-03-10…2026-03-12)"
      ), "\(result.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
    #expect(try Ingest.rows(harness, "SELECT status FROM fetches") == [["failed"]])
  }

  /// 2026-04-05T00:00Z; the clock is 2026-04-10T12:00Z.
  static let run: Int64 = 1_775_347_200
  static let backfill = [
    "backfill", "--runs", "--model", "ecmwf_ifs", "--from", "2026-04-05", "--to", "2026-04-05",
    "--retries", "0",
  ]

  @Test(
    "a single run dated 48 h before its run, or of only nulls, is a failed fetch; nothing stored",
    arguments: [
      ("before", "the reply holds 48 hourly times (first 2026-04-03T00:00Z)"),
      ("nulls", "the single run holds no value to store (every value is missing)"),
    ])
  func singleRun(kind: String, reason: String) async throws {
    let times =
      kind == "before"
      ? (0..<48).map { Self.run - 48 * 3600 + Int64($0) * 3600 }
      : (0..<48).map { Self.run + Int64($0) * 3600 }
    let server = try LoopbackServer { _ in
      Self.reply(times: times, value: kind == "nulls" ? "null" : "1.5")
    }
    defer { server.stop() }
    let harness = try await Self.harness(server, now: 1_775_822_400)
    let result = await harness.run(Self.backfill)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains(reason), "\(result.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM forecast_hours") == 0)
    #expect(try Ingest.rows(harness, "SELECT status FROM fetches") == [["failed"]])
  }
}
