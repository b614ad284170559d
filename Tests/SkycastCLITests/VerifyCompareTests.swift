import Foundation
import TestSupport
import Testing

@testable import Analysis
@testable import SkycastModel

/// `verify --compare A B`: two models scored on the same cases, the difference's interval, and
/// the Diebold–Mariano test against `scores` (Tests/Reference).
@Suite struct VerifyCompareTests {
  /// 2026-01-01T00:00Z.
  static let january1: Int64 = 1_767_225_600

  /// The reference history: city Alpha (UTC), 60 days of daily observations of
  /// temperature_2m_max and two models' forecasts at lead days 0 and 2 (model_b misses lead 2
  /// on day 17).
  static func writeReferenceHistory(_ harness: CLIHarness) throws -> [String: Any] {
    let reference = try #require(try ReferenceVectors.load()["comparison"] as? [String: Any])
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let start = try #require(LocalDate(reference["start"] as? String ?? ""))
    let observed = ReferenceVectors.doubles(reference["observed"])
    for (day, value) in observed.enumerated() {
      try writer.dailyObservation(
        city: 1, date: start.adding(days: day).description, ["temperature_2m_max": value])
    }
    let leads = try #require(reference["leads"] as? [String: [String: Any]])
    for (leadText, sides) in leads {
      let lead = Int(leadText)!
      for (model, key) in [("model_a", "a"), ("model_b", "b")] {
        for (day, value) in ReferenceVectors.doubles(sides[key]).enumerated() {
          guard let value else { continue }
          try writer.dailyForecast(
            city: 1, model: model, issuedAt: january1 + Int64(day - lead) * 86_400,
            date: start.adding(days: day).description, ["temperature_2m_max": value])
        }
      }
    }
    return reference
  }

  @Test(
    "rmse and mae of both models equal scores' to 1e-6; DM is the fixed-smoothing test of the series scores' HLN test reads"
  )
  func matchesScores() async throws {
    let harness = CLIHarness()
    let reference = try Self.writeReferenceHistory(harness)
    let leads = try #require(reference["leads"] as? [String: [String: Any]])
    for loss in ["se", "ae"] {
      let result = await harness.run(
        "verify", "--var", "temperature_2m_max", "--compare", "model_a", "model_b", "--by",
        "lead-day", "--loss", loss, "--format", "csv")
      #expect(result.exitCode == 0, "\(result)")
      let csv = CSVTable(result.stdout)
      let score = loss == "se" ? "rmse" : "mae"
      #expect(
        csv.header == [
          "source", "lead_day", "n", "days", "h", "block", "\(score)_a", "\(score)_b",
          "\(score)_diff", "\(score)_diff_lo", "\(score)_diff_hi", "dm", "p_value", "verdict",
          "sig", "note",
        ])
      for (lead, sides) in leads {
        let expected = try #require((sides["expected"] as? [String: Any])?[loss] as? [String: Any])
        let row = try #require(csv.row("lead_day", lead), "\(result)")
        func value(_ key: String) -> Double { ReferenceVectors.double(expected[key])! }
        #expect(row["days"] == String(expected["n"] as? Int ?? -1))
        #expect(row["n"] == row["days"], "one case per valid day")
        #expect(row["h"] == String(Int(lead)! + 1))
        #expect(close(row["\(score)_a"], value("score_a")), "\(row)")
        #expect(close(row["\(score)_b"], value("score_b")), "\(row)")
        // The daily loss differential: scores' HLN statistic on it pins the series, and the
        // printed test is the fixed-smoothing one on the same series.
        let observed = ReferenceVectors.doubles(reference["observed"])
        let a = ReferenceVectors.doubles(sides["a"])
        let b = ReferenceVectors.doubles(sides["b"])
        let d = observed.indices.compactMap { day -> Double? in
          guard let o = observed[day], let fa = a[day], let fb = b[day] else { return nil }
          return loss == "se"
            ? (fa - o) * (fa - o) - (fb - o) * (fb - o) : abs(fa - o) - abs(fb - o)
        }
        let h = Int(lead)! + 1
        let hln = try #require(DieboldMariano.test(d, horizon: h))
        #expect(abs(hln.statistic - value("statistic")) <= 1e-6, "\(loss) lead \(lead)")
        let test = try #require(DieboldMariano.fixedSmoothingTest(d, horizon: h))
        #expect(close(row["dm"], test.statistic), "\(loss) lead \(lead): \(row)")
        #expect(close(row["p_value"], test.pValue), "\(loss) lead \(lead): \(row)")
        let diff = try #require(row["\(score)_diff"].flatMap(Double.init))
        let lo = try #require(row["\(score)_diff_lo"].flatMap(Double.init))
        let hi = try #require(row["\(score)_diff_hi"].flatMap(Double.init))
        #expect(lo < diff && diff < hi, "\(row)")
        let significant =
          test.pValue < 0.05 && (test.mean < 0 ? hi < 0 : lo > 0)
        #expect(
          row["verdict"]
            == (significant
              ? (test.mean < 0 ? "A better" : "B better") : "no significant difference"))
        #expect(row["sig"] == (significant ? "*" : ""))
        #expect(row["note"] == "", "\(row)")
        let block = try #require(row["block"].flatMap(Int.init))
        #expect(block >= Int(lead)! + 1 && block * 3 <= 60, "\(row)")
      }
    }
  }

  /// A is always 1 °C off, B 3 °C off, on 40 days: A is better, significantly.
  @Test("a clearly better model gets the verdict 'A better', and the comment names A and B")
  func verdict() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    var random = SplitMix64(seed: 5)
    for day in 0..<40 {
      let date = LocalDate("2026-01-01")!.adding(days: day).description
      let observed = 10 + random.nextGaussian()
      try writer.dailyObservation(city: 1, date: date, ["temperature_2m_max": observed])
      let issued = Self.january1 + Int64(day - 1) * 86_400
      try writer.dailyForecast(
        city: 1, model: "good", issuedAt: issued, date: date,
        ["temperature_2m_max": observed + 1 + 0.3 * random.nextGaussian()])
      try writer.dailyForecast(
        city: 1, model: "bad", issuedAt: issued, date: date,
        ["temperature_2m_max": observed - 3 + 0.3 * random.nextGaussian()])
    }
    let result = await harness.run(
      "verify", "--var", "temperature_2m_max", "--compare", "good", "bad", "--format", "table")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("A = model good, B = model bad"), "\(result)")
    #expect(result.stdout.contains("A better"), "\(result)")
    let flipped = CSVTable(
      await harness.run(
        "verify", "--var", "temperature_2m_max", "--compare", "bad", "good", "--format", "csv"
      ).stdout)
    #expect(flipped.rows.first?["verdict"] == "B better")
    #expect(flipped.rows.first?["h"] == "2", "lead day 1: a 2-step-ahead forecast")
  }

  @Test("models of one imported file are found by name (the fetch log lists them together)")
  func importedModels() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    var forecasts = "city,issued_at,date,model,temperature_2m_max\n"
    var observations = "city,date,temperature_2m_max\n"
    for day in 1...20 {
      let date = String(format: "2026-01-%02d", day)
      observations += "Alpha,\(date),\(10 + day % 3)\n"
      let issued = String(format: "2026-01-%02dT00:00Z", day - 1 == 0 ? 1 : day - 1)
      forecasts += "Alpha,\(issued),\(date),ecmwf,\(10 + day % 3 + 1)\n"
      forecasts += "Alpha,\(issued),\(date),icon,\(10 + day % 3 + (day % 2 == 0 ? 2 : -2))\n"
    }
    try forecasts.write(toFile: harness.directory.file("f.csv"), atomically: true, encoding: .utf8)
    try observations.write(
      toFile: harness.directory.file("o.csv"), atomically: true, encoding: .utf8)
    #expect(await harness.run("import", "forecasts", "f.csv", "--source", "nwp").exitCode == 0)
    #expect(
      await harness.run("import", "observations", "o.csv", "--source", "station").exitCode == 0)
    let result = await harness.run(
      "verify", "--var", "temperature_2m_max", "--compare", "ecmwf", "icon", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let rows = CSVTable(result.stdout).rows
    #expect(rows.map { $0["source"] } == ["nwp"], "\(rows)")
    #expect(rows.first?["h"] == "2", "lead days 0 and 1 pooled: h = 1 + 1")
    #expect(rows.allSatisfy { close($0["rmse_a"], 1) && close($0["rmse_b"], 2) }, "\(rows)")
    let station = await harness.run(
      "verify", "--var", "temperature_2m_max", "--compare", "ecmwf", "station")
    #expect(station.exitCode == 64, "an observation source is no forecast source")
  }

  @Test("two imports compared by their source names: each name is its own only model")
  func importedSources() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    var observations = "city,date,temperature_2m_max\n"
    var first = "city,issued_at,date,temperature_2m_max\n"
    var second = first
    for day in 1...20 {
      let date = String(format: "2026-01-%02d", day)
      let issued = String(format: "2026-01-%02dT00:00Z", max(1, day - 1))
      observations += "Alpha,\(date),\(10 + day % 3)\n"
      first += "Alpha,\(issued),\(date),\(10 + day % 3 + 1)\n"
      second += "Alpha,\(issued),\(date),\(10 + day % 3 + (day % 2 == 0 ? 2 : -2))\n"
    }
    for (name, text) in [("o.csv", observations), ("a.csv", first), ("b.csv", second)] {
      try text.write(toFile: harness.directory.file(name), atomically: true, encoding: .utf8)
    }
    #expect(await harness.run("import", "observations", "o.csv", "--source", "obs").exitCode == 0)
    #expect(await harness.run("import", "forecasts", "a.csv", "--source", "mA").exitCode == 0)
    #expect(await harness.run("import", "forecasts", "b.csv", "--source", "mB").exitCode == 0)
    let result = await harness.run(
      "verify", "--var", "temperature_2m_max", "--compare", "mA", "mB", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let rows = CSVTable(result.stdout).rows
    #expect(rows.count == 1 && rows.allSatisfy { close($0["rmse_a"], 1) && close($0["rmse_b"], 2) })
    // The same name as a source of one series and a model of another stays ambiguous.
    try first.replacingOccurrences(of: "issued_at,date", with: "issued_at,model,date")
      .replacingOccurrences(of: "T00:00Z,", with: "T00:00Z,mB,", options: [], range: nil)
      .write(toFile: harness.directory.file("c.csv"), atomically: true, encoding: .utf8)
    #expect(await harness.run("import", "forecasts", "c.csv", "--source", "mC").exitCode == 0)
    let ambiguous = await harness.run(
      "verify", "--var", "temperature_2m_max", "--compare", "mA", "mB")
    #expect(ambiguous.exitCode == 64, "\(ambiguous)")
    #expect(ambiguous.stderr.contains("names both a source and a model"), "\(ambiguous)")
  }

  @Test("the interval of the difference is the same for a given seed and changes with the seed")
  func seeded() async throws {
    let harness = CLIHarness()
    _ = try Self.writeReferenceHistory(harness)
    let arguments = [
      "verify", "--var", "temperature_2m_max", "--compare", "model_a", "model_b", "--by",
      "lead-day", "--format", "csv",
    ]
    let first = await harness.run(arguments)
    let second = await harness.run(arguments)
    let other = await harness.run(arguments + ["--seed", "7"])
    #expect(first.stdout == second.stdout)
    #expect(first.stdout != other.stdout)
    #expect(
      CSVTable(first.stdout).rows.map { $0["dm"] } == CSVTable(other.stdout).rows.map { $0["dm"] },
      "the test does not depend on the seed")
  }

  @Test(
    "comparison usage errors",
    arguments: [
      ["--compare", "model_a", "model_a"], ["--loss", "se"], ["--compare", "model_a", "forecast"],
      ["--compare", "model_a", "model_b", "--by", "model"],
      ["--compare", "model_a", "model_b", "--model", "model_a"],
      ["--compare", "model_a", "nothing"], ["--compare", "model_a"],
      ["--compare", "model_a", "model_b", "--loss", "squared"],
      ["--compare", "model_a", "model_b", "--revisions"],
    ])
  func usage(arguments: [String]) async throws {
    let harness = CLIHarness()
    _ = try Self.writeReferenceHistory(harness)
    let result = await harness.run(["verify", "--var", "temperature_2m_max"] + arguments)
    #expect(result.exitCode == 64, "\(arguments): \(result)")
    #expect(result.stdout.isEmpty)
  }

  @Test("--format svg draws the difference with its band and the zero line")
  func figure() async throws {
    let harness = CLIHarness()
    _ = try Self.writeReferenceHistory(harness)
    let result = await harness.run(
      "verify", "--var", "temperature_2m_max", "--compare", "model_a", "model_b", "--format", "svg",
      "-o", "difference.svg")
    #expect(result.exitCode == 0, "\(result)")
    let svg = try String(contentsOfFile: harness.directory.file("difference.svg"), encoding: .utf8)
    #expect(
      svg.contains(
        "Root-mean-square error, A − B, of daily maximum 2 m temperature"),
      "\(svg.prefix(800))")
    #expect(svg.contains("fill-opacity=\"0.18\""), "the interval band")
    #expect(svg.contains("stroke=\"#777777\""), "the zero line")
    #expect(svg.contains("A = model model_a, B = model model_b"))
  }
}
