import Foundation
import TestSupport
import Testing

@testable import Store

/// Helpers shared by the observe, backfill and import suites.
enum Ingest {
  /// 2026-03-20T09:46:40Z, the harness's default clock: Berlin is on CET (+01:00).
  static let start = Date(timeIntervalSince1970: 1_774_000_000)

  /// A harness and a fake Open-Meteo whose clock the test moves with `advance`.
  final class World: Sendable {
    let harness: CLIHarness
    let clock: LockedBox<Date>
    let server: LoopbackServer

    init(
      now: Date = Ingest.start,
      faults: (@Sendable (RecordedRequest) -> Reply?)? = nil
    ) throws {
      harness = CLIHarness(now: now)
      let clock = LockedBox(now)
      self.clock = clock
      server = try FakeOpenMeteo(.all, now: { clock.value }, faults: faults).makeServer()
      harness.use(server: server.baseURL)
    }

    /// Moves both clocks (the CLI's and the fake's) forward.
    func advance(days: Double) {
      let later = clock.withLock { date -> Date in
        date = date.addingTimeInterval(days * 86_400)
        return date
      }
      harness.now = later
    }

    func stop() { server.stop() }
  }

  /// Saves a city offline (`city add --name … --timezone …`).
  static func addCity(
    _ harness: CLIHarness, _ name: String, latitude: Double, longitude: Double, zone: String?
  ) async throws {
    var arguments = [
      "city", "add", "--name", name, "--lat", String(latitude), "--lon", String(longitude),
    ]
    if let zone { arguments += ["--timezone", zone] }
    let result = await harness.run(arguments)
    try #require(result.exitCode == 0, "\(result)")
  }

  /// The first column of the first row of `sql`, as an integer (0 for NULL).
  static func int(_ harness: CLIHarness, _ sql: String) throws -> Int {
    Int(try harness.scalar(sql) ?? "0") ?? -1
  }

  /// Rows of `sql` as arrays of text (NULL as "NULL").
  static func rows(_ harness: CLIHarness, _ sql: String) throws -> [[String]] {
    try harness.store().database.query(sql).map { row in
      row.values.map(\.description)
    }
  }
}
