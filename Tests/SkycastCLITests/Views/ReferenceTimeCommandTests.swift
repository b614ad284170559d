import Foundation
import TestSupport
import Testing

/// `--at` and `SKYCAST_NOW` for the views relative to now (`spark`, `now`), and `spark`'s
/// fallback to the newest stored week, on the demo database (forecasts of July 2026; the
/// harness clock is in March 2026).
@Suite struct ReferenceTimeCommandTests {
  /// `--at DATE` draws the 168 hours up to that date's last hour: the same values as
  /// `--from DATE−6 --to DATE`; `SKYCAST_NOW` does the same without the option.
  @Test("--at and SKYCAST_NOW pin the week")
  func pinned() async throws {
    let harness = try demoHarness()
    let dates = await harness.run(
      "spark", "--city", "Alpenau", "--from", "2026-07-14", "--to", "2026-07-20")
    let at = await harness.run("spark", "--city", "Alpenau", "--at", "2026-07-20")
    #expect(at.exitCode == 0, "\(at)")
    #expect(at.stdout == dates.stdout, "\(at)\n\(dates)")
    #expect(at.stdout.contains("last"), "\(at)")
    #expect(at.stderr.contains("the 168 hours up to 2026-07-20T23:00"), "\(at)")
    #expect(!at.stderr.contains("newest stored week"), "\(at)")
    harness.environment["SKYCAST_NOW"] = "2026-07-20"
    let environment = await harness.run("spark", "--city", "Alpenau")
    #expect(environment.stdout == dates.stdout, "\(environment)")
    // Daily variables: the 7 local dates up to the pinned date.
    let daily = await harness.run(
      "spark", "--city", "Alpenau", "--var", "temperature_2m_max", "--at", "2026-07-20")
    let dailyDates = await harness.run(
      "spark", "--city", "Alpenau", "--var", "temperature_2m_max", "--from", "2026-07-14", "--to",
      "2026-07-20")
    #expect(daily.exitCode == 0 && daily.stdout == dailyDates.stdout, "\(daily)\n\(dailyDates)")
  }

  /// Without `--at`, a last week that holds nothing falls back to the newest stored week and
  /// says so; a pinned time never falls back.
  @Test("fallback to the newest stored week")
  func fallback() async throws {
    let harness = try demoHarness()
    let fallback = await harness.run("spark", "--city", "Alpenau", "--series", "observed:synthetic")
    #expect(fallback.exitCode == 0, "\(fallback)")
    #expect(
      fallback.stderr.contains("showing the newest stored week, 2026-07-19 to 2026-07-25"),
      "\(fallback)")
    let same = await harness.run(
      "spark", "--city", "Alpenau", "--series", "observed:synthetic", "--from", "2026-07-19",
      "--to", "2026-07-25")
    #expect(fallback.stdout == same.stdout, "\(fallback)\n\(same)")
    let pinned = await harness.run("spark", "--city", "Alpenau", "--at", "2020-01-01")
    #expect(pinned.exitCode == 0)
    #expect(!pinned.stderr.contains("newest stored week"), "\(pinned)")
    #expect(pinned.stderr.contains("nothing stored for temperature_2m"), "\(pinned)")
  }

  /// `now --at`: the newest forecast fetched by then, its age counted from then.
  @Test("now --at shows the forecast of that time")
  func nowAt() async throws {
    let harness = try demoHarness()
    // 12:00 in Alpenau (Europe/Berlin) is 10:00Z; the demo issues at 00, 06, 12 and 18Z.
    let at = await harness.run("now", "Alpenau", "--at", "2026-07-20T12:00")
    #expect(at.exitCode == 0, "\(at)")
    #expect(at.stdout.contains("4 h ago") || at.stdout.contains("4 hours ago"), "\(at)")
    let early = await harness.run("now", "Alpenau", "--at", "2020-01-01")
    #expect(early.exitCode == 1, "\(early)")
    #expect(
      early.stderr.contains("no forecast of Alpenau was fetched by 2020-01-01T23:00"), "\(early)")
    let refresh = await harness.run("now", "Alpenau", "--at", "2026-07-20", "--refresh")
    #expect(refresh.exitCode == 64, "\(refresh)")
  }

  @Test("bad times are usage errors")
  func badTimes() async throws {
    let harness = try demoHarness()
    let option = await harness.run("spark", "--city", "Alpenau", "--at", "next tuesday")
    #expect(option.exitCode == 64)
    #expect(option.stderr.contains("'next tuesday' is invalid for '--at'"), "\(option)")
    let both = await harness.run(
      "spark", "--at", "2026-07-20", "--from", "2026-07-01", "--to", "2026-07-02")
    #expect(both.exitCode == 64, "\(both)")
    harness.environment["SKYCAST_NOW"] = "soon"
    let environment = await harness.run("spark", "--city", "Alpenau")
    #expect(environment.exitCode == 64)
    #expect(environment.stderr.contains("SKYCAST_NOW"), "\(environment)")
  }
}
