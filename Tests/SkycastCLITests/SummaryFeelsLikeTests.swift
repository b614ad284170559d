import Foundation
import SkycastModel
import TestSupport
import Testing

/// `summary feels-like`: hand-worked values through both methods, the method stated, and the
/// forecast series choosing the latest issue.
@Suite struct SummaryFeelsLikeTests {
  /// Three hours on 2026-03-10 in a UTC city: (20 °C, 50 %, 18 km/h), (30 °C, 70 %, 7.2 km/h)
  /// and (10 °C, no humidity, 5 km/h), from one forecast issued the hour before.
  static func threeHours() throws -> (CLIHarness, City) {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Testville")
    let issued = history.instant(city, "2026-03-09", hour: 23)
    let fetch = try history.fetch(city, requestedAt: issued + 60, issuedAt: issued)
    let hours: [(Int, Double, Double?, Double)] = [
      (6, 20, 50, 18), (12, 30, 70, 7.2), (18, 10, nil, 5),
    ]
    for (hour, t, rh, wind) in hours {
      try history.forecast(
        city, fetch: fetch, issuedAt: issued,
        validAt: history.instant(city, "2026-03-10", hour: hour),
        ["temperature_2m": t, "relative_humidity_2m": rh, "wind_speed_10m": wind])
    }
    return (harness, city)
  }

  /// BoM AT = T + 0.33·e − 0.70·ws − 4 with e = RH/100 · 6.105 · exp(17.27·T/(237.7+T)):
  /// 20 °C/50 %/5 m/s: e = 0.5 · 6.105 · exp(1.340318) = 11.6613 → 20 + 3.8482 − 3.5 − 4 = 16.348;
  /// 30 °C/70 %/2 m/s: e = 0.7 · 6.105 · exp(1.935375) = 29.6010 → 30 + 9.7683 − 1.4 − 4 = 34.368.
  /// The 10 °C hour has no humidity: it counts for t_* but not for feels-like or hours.
  @Test("BoM feels-like per day matches the hand-worked apparent temperatures")
  func bomByDay() async throws {
    let (harness, _) = try Self.threeHours()
    let result = await harness.run(
      "summary", "feels-like", "--from", "2026-03-10", "--to", "2026-03-11", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    #expect(
      table.header == [
        "city", "date", "t_mean", "t_min", "t_max", "feels_like_mean", "feels_like_min",
        "feels_like_max", "hours", "method",
      ])
    let day = table.row("date", "2026-03-10") ?? [:]
    #expect(day["t_mean"] == "20.0" && day["t_min"] == "10.0" && day["t_max"] == "30.0")
    #expect(day["feels_like_min"] == "16.3" && day["feels_like_max"] == "34.4")
    #expect(day["feels_like_mean"] == "25.4")  // (16.348 + 34.368) / 2 = 25.358
    #expect(day["hours"] == "2" && day["method"] == "bom")
    let empty = table.row("date", "2026-03-11") ?? [:]
    #expect(empty["t_mean"] == "" && empty["hours"] == "0" && empty["method"] == "bom")
  }

  /// NWS: −10 °C at 30 km/h is a wind chill: 13.12 − 6.215 − 11.37·1.723215 − 3.965·1.723215
  /// = −19.520; 30 °C at 90 % is a heat index (Rothfusz in °F, then the high-humidity
  /// adjustment does not apply above 87 °F) = 40.775 °C; 20 °C is neither, so T itself.
  @Test("NWS feels-like uses wind chill, heat index or the air temperature, hour by hour")
  func nwsBranches() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Testville")
    let issued = history.instant(city, "2026-01-01", hour: 0)
    let fetch = try history.fetch(city, requestedAt: issued, issuedAt: issued)
    for (hour, t, rh, wind) in [(1, -10.0, 50.0, 30.0), (2, 30, 90, 10), (3, 20, 50, 18)] {
      try history.forecast(
        city, fetch: fetch, issuedAt: issued,
        validAt: history.instant(city, "2026-01-02", hour: hour),
        ["temperature_2m": t, "relative_humidity_2m": rh, "wind_speed_10m": wind])
    }
    let result = await harness.run(
      "summary", "feels-like", "--from", "2026-01-02", "--to", "2026-01-02", "--method", "nws",
      "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let day = CSVTable(result.stdout).row("date", "2026-01-02") ?? [:]
    #expect(day["feels_like_min"] == "-19.5" && day["feels_like_max"] == "40.8")
    #expect(day["feels_like_mean"] == "13.8")  // (−19.520 + 40.775 + 20) / 3 = 13.751
    #expect(day["t_mean"] == "13.3" && day["hours"] == "3" && day["method"] == "nws")
  }

  /// Tables state the method in a comment line above the header, and the series read.
  @Test("table output states the method and the series in comment lines")
  func methodComment() async throws {
    let (harness, _) = try Self.threeHours()
    let result = await harness.run(
      "summary", "feels-like", "--from", "2026-03-10", "--to", "2026-03-10", "--format", "table",
      "--method", "nws")
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("# feels-like method: nws = NWS wind chill") == true)
    #expect(lines.contains { $0.hasPrefix("# forecast series: latest issue per valid time") })
    #expect(lines.last?.hasSuffix("nws") == true)
  }

  /// For one valid time: an early issue (8 °C), a later one (12 °C) that must win, a run issued
  /// after the valid time (lead < 0, 99 °C), another model and another source (50 °C): only
  /// the latest `forecast`/`best_match` issue with lead ≥ 0 counts.
  @Test("the forecast series takes the latest issue with lead >= 0 of source forecast, best_match")
  func latestIssue() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Testville")
    let valid = history.instant(city, "2026-02-01", hour: 12)
    let cases: [(issued: Int64, source: String, model: String, t: Double)] = [
      (valid - 12 * 3600, "forecast", "best_match", 8),
      (valid - 6 * 3600, "forecast", "best_match", 12),
      (valid + 3600, "forecast", "best_match", 99),
      (valid - 3600, "forecast", "ecmwf_ifs025", 50),
      (valid - 3600, "previous-runs", "best_match", 50),
    ]
    for item in cases {
      let fetch = try history.fetch(
        city, source: item.source, model: item.model, requestedAt: item.issued,
        issuedAt: item.issued)
      try history.forecast(
        city, fetch: fetch, issuedAt: item.issued, validAt: valid, source: item.source,
        model: item.model,
        ["temperature_2m": item.t, "relative_humidity_2m": 50, "wind_speed_10m": 18])
    }
    let result = await harness.run(
      "summary", "feels-like", "--from", "2026-02-01", "--to", "2026-02-01", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let day = CSVTable(result.stdout).row("date", "2026-02-01") ?? [:]
    #expect(day["t_mean"] == "12.0" && day["t_max"] == "12.0" && day["hours"] == "1")
  }

  /// `--by month` and `--by period` pool the hours of their days.
  @Test("month and period rows pool every hour of the range")
  func byMonthAndPeriod() async throws {
    let (harness, _) = try Self.threeHours()
    let month = await harness.run(
      "summary", "feels-like", "--from", "2026-02-20", "--to", "2026-03-31", "--by", "month",
      "--format", "csv")
    #expect(month.exitCode == 0, "\(month)")
    let months = CSVTable(month.stdout)
    #expect(months.header.prefix(2) == ["city", "month"])
    #expect(months.rows.map { $0["month"] } == ["2026-02", "2026-03"])
    #expect(months.row("month", "2026-03")?["feels_like_mean"] == "25.4")
    #expect(months.row("month", "2026-02")?["hours"] == "0")
    let period = await harness.run(
      "summary", "feels-like", "--from", "2026-02-20", "--to", "2026-03-31", "--by", "period",
      "--format", "json")
    #expect(
      period.stdout.contains(#""from":"2026-02-20","to":"2026-03-31","t_mean":20.0"#), "\(period)")
  }

  /// Bad option values are usage errors (exit 64) and name the option.
  @Test("bad --method, --by, --series and half a date range are usage errors")
  func usageErrors() async throws {
    let (harness, _) = try Self.threeHours()
    let range = ["--from", "2026-03-10", "--to", "2026-03-10"]
    for extra in [
      ["--method", "heat"], ["--by", "week"], ["--series", "observed:"], ["--series", "obs"],
    ] {
      let result = await harness.run(["summary", "feels-like"] + range + extra)
      #expect(result.exitCode == 64, "\(extra): \(result)")
      #expect(result.stderr.contains("'--\(extra[0].dropFirst(2))'"), "\(result)")
    }
    let halfRange = await harness.run("summary", "feels-like", "--to", "2026-03-10")
    #expect(halfRange.exitCode == 64 && halfRange.stderr.contains("--from"), "\(halfRange)")
    let unknownCity = await harness.run(["summary", "feels-like", "--city", "Nowhere"] + range)
    #expect(unknownCity.exitCode == 64 && unknownCity.stderr.contains("unknown city 'Nowhere'"))
  }

  @Test("without --from/--to: the 30 days up to the newest date with data, said in a note")
  func defaultWindow() async throws {
    let harness = CLIHarness()
    try HistoryBuilder(store: try harness.store()).smallHistory()  // Berlin, 2026-03-20
    let forecast = await harness.run("summary", "feels-like", "--by", "period", "--format", "csv")
    #expect(forecast.exitCode == 0, "\(forecast)")
    #expect(
      forecast.stderr.contains("no --from/--to: the 30 days 2026-02-19…2026-03-20"), "\(forecast)")
    let row = try #require(CSVTable(forecast.stdout).rows.first)
    #expect(row["from"] == "2026-02-19" && row["to"] == "2026-03-20", "\(row)")
    #expect(row["hours"] == "24", "\(row)")
    let observed = await harness.run(
      "summary", "precip", "--series", "observed", "--by", "period", "--format", "csv")
    #expect(observed.exitCode == 0, "\(observed)")
    #expect(observed.stderr.contains("observed (era5) data"), "\(observed)")
    let empty = CLIHarness()
    _ = try empty.store()
    _ = await empty.run("city", "add", "--name", "Lima", "--lat", "-12", "--lon", "-77")
    let nothing = await empty.run("summary", "uv")
    #expect(nothing.exitCode == 1, "\(nothing)")
    #expect(nothing.stderr.contains("no latest forecast (best_match) data stored"), "\(nothing)")
  }
}
