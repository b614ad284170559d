import Foundation
import TestSupport
import Testing

@testable import SkycastModel

/// Every hostile sample (`HostileText.samples`) through every human-facing output path: no raw
/// control or bidi character reaches stdout or stderr, the text shows escaped instead, and CSV
/// and JSON keep it exactly.
@Suite struct HostileTextTests {
  /// Checks that neither stream of `result` holds a raw control or bidi character.
  func expectSafe(
    _ result: CLIResult, _ command: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let out = HostileText.rawControls(in: result.stdout)
    let err = HostileText.rawControls(in: result.stderr)
    #expect(out.isEmpty, "stdout of \(command): \(out)", sourceLocation: sourceLocation)
    #expect(err.isEmpty, "stderr of \(command): \(err)", sourceLocation: sourceLocation)
  }

  /// A city named with the sample, with the recorded Copenhagen forecast stored for it.
  func storedCity(_ sample: String) throws -> (CLIHarness, String) {
    let harness = ViewsFixtures.harness(at: ViewsFixtures.copenhagenFetchedAt + 600)
    harness.use(server: LoopbackServer.refusingBaseURL)
    // Wide enough that `city list` shows the whole escaped name (at 80 it would shorten it).
    harness.environment["COLUMNS"] = "300"
    let name = "Bad\(sample)Town"
    try ViewsFixtures.storeCopenhagen(harness, name: name)
    return (harness, name)
  }

  @Test(
    "stored names from outside print escaped in tables, now, spark, dry runs and errors",
    arguments: HostileText.samples)
  func storedNames(sample: String) async throws {
    let (harness, name) = try storedCity(sample)
    let shown = TerminalSafe.escape(name)
    let commands: [[String]] = [
      ["city", "list", "--format", "table"],
      ["export", "cities", "--format", "table"],
      ["export", "hourly", "--city", "1", "--format", "table"],
      ["now", "1"],
      ["spark", "--city", "1", "--from", "2026-07-26", "--to", "2026-07-27"],
      ["collect", "--dry-run"],
      ["observe", "--from", "2026-07-01", "--to", "2026-07-02", "--dry-run"],
      ["city", "remove", "1"],
      ["sql", "SELECT name, admin1 FROM cities", "--format", "table"],
    ]
    for command in commands {
      let result = await harness.run(command)
      let label = command.joined(separator: " ")
      expectSafe(result, label)
      #expect(
        result.stdout.contains(shown) || result.stderr.contains(shown), "\(label): \(result)")
    }
  }

  @Test("CSV and JSON keep names from outside exactly", arguments: HostileText.samples)
  func dataStaysExact(sample: String) async throws {
    let (harness, name) = try storedCity(sample)
    let csv = await harness.run("city", "list", "--format", "csv")
    #expect(csv.exitCode == 0)
    #expect(csv.stdout.contains(name), "\(csv)")
    for format in ["json", "ndjson"] {
      let json = await harness.run("export", "cities", "--format", format)
      #expect(json.exitCode == 0)
      #expect(HostileText.rawControls(in: json.stdout).isEmpty, "JSON escapes the controls")
      var line = try #require(
        json.stdout.split(separator: "\n").first { $0.hasPrefix("{") }.map(String.init))
      if line.hasSuffix(",") { line.removeLast() }
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["name"] as? String == name, "\(json)")
    }
  }

  @Test(
    "a geocoder's names print escaped in the match list and the confirmation",
    arguments: HostileText.samples)
  func geocoderNames(sample: String) async throws {
    let name = "Spring\(sample)field"
    let places = [
      (name: name, admin1: "Re\(sample)gion", country: "Coun\(sample)try"),
      (name: name, admin1: "Other", country: "Germany"),
    ]
    let server = try FakeOpenMeteo.server(
      .geocoding, faults: { _ in HostileText.geocodingAnswer(places) })
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    let listed = await harness.run("city", "add", "Springfield")
    #expect(listed.exitCode == 64, "\(listed)")
    expectSafe(listed, "city add (list)")
    #expect(listed.stderr.contains(TerminalSafe.escape(places[0].name)), "\(listed)")
    #expect(listed.stderr.contains(TerminalSafe.escape(places[0].admin1)), "\(listed)")
    let added = await harness.run("city", "add", "Springfield", "--pick", "1")
    #expect(added.exitCode == 0, "\(added)")
    expectSafe(added, "city add --pick 1")
    #expect(added.stdout.contains(TerminalSafe.escape(places[0].name)), "\(added)")
    #expect(try harness.store().cities().first?.name == name, "stored exactly")
    _ = await harness.run("city", "add", "Springfield", "--pick", "2")
    let ambiguous = await harness.run("city", "remove", name)
    #expect(ambiguous.exitCode == 64, "\(ambiguous)")
    expectSafe(ambiguous, "city remove (ambiguous)")
    #expect(ambiguous.stderr.contains("is ambiguous"), "\(ambiguous)")
    #expect(ambiguous.stderr.contains(TerminalSafe.escape(places[0].admin1)), "\(ambiguous)")
  }

  @Test(
    "server reasons print escaped in errors, failure lines, retry lines and progress",
    arguments: HostileText.samples)
  func serverReasons(sample: String) async throws {
    let reason = "Bad \(sample) request"
    let shown = TerminalSafe.escape(reason)
    let geocoder = try FakeOpenMeteo.server(
      .geocoding, faults: { _ in .openMeteoError(status: 400, reason: reason) })
    defer { geocoder.stop() }
    let harness = CLIHarness()
    harness.use(server: geocoder.baseURL)
    let search = await harness.run("city", "add", "Berlin")
    #expect(search.exitCode == 1)
    expectSafe(search, "city add with a 400")
    #expect(search.stderr.contains(shown), "\(search)")

    let forecast = try FakeOpenMeteo.server(
      .forecast, faults: { _ in .openMeteoError(status: 503, reason: reason) })
    defer { forecast.stop() }
    harness.use(server: forecast.baseURL)
    harness.stderrIsTTY = true
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let collect = await harness.run("collect", "-v", "--retries", "1")
    #expect(collect.exitCode == 1)
    expectSafe(collect, "collect -v with a 503")
    #expect(collect.stderr.contains(shown), "\(collect)")
    #expect(collect.stderr.contains("\r\u{1B}[2K"), "the progress line was shown")
  }

  @Test(
    "import errors quote cells, headers and file names escaped",
    arguments: HostileText.samples)
  func importErrors(sample: String) async throws {
    let harness = CLIHarness()
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let file = "obs\(sample.replacingOccurrences(of: "/", with: "_")).csv"
    let quotedSample = "\"" + sample.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let csv =
      "city,time,temperature_2m,wind\(sample.filter { $0 != "\n" && $0 != "\r" })\r\n"
      + "Berlin,2026-03-20T06:00Z,\(quotedSample),1\r\n"
      + "\(quotedSample),2026-03-20T07:00Z,2.0,1\r\n"
    try csv.write(toFile: harness.directory.file(file), atomically: true, encoding: .utf8)
    let header = await harness.run("import", "observations", file)
    #expect(header.exitCode == 1, "\(header)")
    expectSafe(header, "import (unknown column)")
    #expect(header.stderr.contains(TerminalSafe.escape(file)), "\(header)")

    let body =
      "city,time,temperature_2m\r\nBerlin,2026-03-20T06:00Z,\(quotedSample)\r\n"
      + "\(quotedSample),2026-03-20T07:00Z,2.0\r\n"
    try body.write(toFile: harness.directory.file(file), atomically: true, encoding: .utf8)
    let cells = await harness.run("import", "observations", file)
    #expect(cells.exitCode == 1, "\(cells)")
    expectSafe(cells, "import (bad cells)")
    #expect(cells.stderr.contains("is not a number"), "\(cells)")
    #expect(cells.stderr.contains("unknown city"), "\(cells)")

    let missing = await harness.run("import", "observations", "no\(sample).csv")
    #expect(missing.exitCode == 1)
    expectSafe(missing, "import (no such file)")
  }

  @Test(
    "typed values in usage errors (unknown city, bad option, unknown report) are escaped",
    arguments: HostileText.samples)
  func usageErrors(sample: String) async throws {
    let harness = CLIHarness()
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let commands: [[String]] = [
      ["city", "remove", "Ber\(sample)lin"],
      ["export", "hourly", "--city", "x\(sample)"],
      ["city", "list", "--format", "t\(sample)"],
      ["city", "list", "--w\(sample)"],
      ["city", "frob\(sample)"],
      ["report", "r\(sample)"],
      ["spark", "--var", "v\(sample)"],
      ["sql", "SELECT 1", "--param", "=\(sample)"],
    ]
    for command in commands {
      let result = await harness.run(command)
      #expect(result.exitCode == 64, "\(command): \(result)")
      expectSafe(result, command.joined(separator: " "))
    }
  }

  @Test(
    "report descriptions print escaped in report --list and as table comments, exactly in CSV",
    arguments: HostileText.singleLine)
  func reportDescriptions(sample: String) async throws {
    let harness = CLIHarness()
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let folder = harness.directory.file("config/skycast/queries")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let description = "Evil \(sample) report"
    try "-- description: \(description)\nSELECT name AS \"n\(sample)\" FROM cities\n".write(
      toFile: folder + "/evil.sql", atomically: true, encoding: .utf8)
    let table = await harness.run("report", "--list", "--format", "table")
    #expect(table.exitCode == 0, "\(table)")
    expectSafe(table, "report --list")
    #expect(table.stdout.contains(TerminalSafe.escape(description)), "\(table)")
    let run = await harness.run("report", "evil", "--format", "table")
    #expect(run.exitCode == 0, "\(run)")
    expectSafe(run, "report evil")
    let csv = await harness.run("report", "--list", "--format", "csv")
    #expect(csv.stdout.contains(description), "\(csv)")
  }
}
