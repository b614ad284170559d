import Collect
import Foundation
import SkycastModel
import Store

/// The ensemble measurements: bytes on disk per stored member value, and `verify --ensemble
/// --by lead-day` on a year of synthetic 51-member ensembles (two issues a day, 15 days hourly,
/// one city) against the deterministic `verify --by lead-day` on the same number of forecast
/// valid times. `--quick` uses 10 days; `SKYCAST_BENCH_ENSEMBLE_DAYS=365` sets the days, and
/// `SKYCAST_BENCH_ONLY=ensemble` skips every other workload (the year alone takes seconds, the
/// full run minutes).
extension Benchmark {
  /// Members per ensemble value: ECMWF's 50 + 1.
  static let ensembleMembers = 51

  /// `SKYCAST_BENCH_ONLY=ensemble`: measure the ensemble alone.
  static var ensembleOnly: Bool {
    ProcessInfo.processInfo.environment["SKYCAST_BENCH_ONLY"] == "ensemble"
  }

  func ensemble() throws -> [Figure] {
    let days =
      ProcessInfo.processInfo.environment["SKYCAST_BENCH_ENSEMBLE_DAYS"].flatMap { Int($0) }
      ?? (options.quick ? 10 : 365)
    let issues = (0..<(days * 2)).map { Self.ensembleStart + Int64($0) * 12 * 3600 }
    let steps = 15 * 24
    let ensemblePath = directory + "/ensemble.sqlite"
    let deterministicPath = directory + "/ensemble-deterministic.sqlite"
    let emptyPath = directory + "/ensemble-empty.sqlite"
    do { _ = try Store(path: emptyPath) }
    let ensembleStore = try Store(path: ensemblePath)
    let deterministicStore = try Store(path: deterministicPath)
    for store in [ensembleStore, deterministicStore] {
      try store.addCity(City(name: "Benchville", latitude: 50, longitude: 10, timezone: "UTC"))
    }
    log(
      "ensemble: \(issues.count) issues × \(steps) hours × \(Self.ensembleMembers) members (\(Self.count(issues.count * steps * Self.ensembleMembers)) values)"
    )
    var generator = SplitMix64(seed: options.seed)
    let (_, buildSeconds) = try measure {
      for (number, issuedAt) in issues.enumerated() {
        try ensembleStore.write {
          let fetchID = try ensembleStore.insertFetch(
            FetchRecord(
              cityID: 1, source: EnsembleRequestOptions.source, model: "ecmwf_ifs025_ensemble",
              requestedAt: issuedAt, issuedAt: issuedAt, status: .ok))
          var members = [Float](repeating: 0, count: Self.ensembleMembers)
          for step in 0..<steps {
            let validAt = issuedAt + Int64(step) * 3600
            let truth = Self.truth(validAt)
            let sd = 0.5 + Double(step) / 60
            let centre = truth + generator.nextGaussian(mean: 0, standardDeviation: sd)
            for member in members.indices {
              members[member] = Float(
                centre + generator.nextGaussian(mean: 0, standardDeviation: sd))
            }
            try ensembleStore.insertEnsembleValue(
              cityID: 1, model: "ecmwf_ifs025_ensemble", variable: .temperature2m,
              validAt: validAt, issuedAt: issuedAt, fetchID: fetchID, members: members)
          }
        }
        try deterministicStore.write {
          let fetchID = try deterministicStore.insertFetch(
            FetchRecord(
              cityID: 1, source: .forecast, model: ModelName.bestMatch, requestedAt: issuedAt,
              issuedAt: issuedAt, status: .ok))
          let series = try deterministicStore.forecastSeriesID(
            source: .forecast, model: ModelName.bestMatch)
          let writer = deterministicStore.hourlyForecastWriter(variables: [.temperature2m])
          for step in 0..<steps {
            let validAt = issuedAt + Int64(step) * 3600
            // One run per issue time; a UTC city, so the local hour is the UTC one (shift 0).
            _ = try writer.insert(
              .hourlyForecast(
                cityID: 1, seriesID: series, validAt: validAt, issuedAt: issuedAt,
                localHourShift: 0, leadHours: Int64(step), fetchID: fetchID),
              values: [Self.truth(validAt) + generator.nextGaussian(mean: 0, standardDeviation: 1)])
          }
        }
        if number % 100 == 99 { log("ensemble: issue \(number + 1)/\(issues.count)") }
      }
    }
    log("ensemble: history built in \(Self.seconds(buildSeconds))")
    // Bytes per value: the file with only the ensemble rows, compacted, less an empty database.
    try ensembleStore.vacuum()
    let values = issues.count * steps * Self.ensembleMembers
    let bytes = try Self.fileSize(ensemblePath) - Self.fileSize(emptyPath)
    let perValue = Double(bytes) / Double(values)
    // Observations for every valid time, in both files.
    for store in [ensembleStore, deterministicStore] {
      try store.write {
        let writer = store.hourlyObservationWriter(variables: [.temperature2m])
        let last = issues.last! + Int64(steps) * 3600
        var generator = SplitMix64(seed: options.seed &+ 1)
        for validAt in stride(from: Self.ensembleStart, to: last, by: 3600) {
          let local = CityTimeZone.utc.local(validAt)
          _ = try writer.insert(
            .hourlyObservation(
              cityID: 1, source: .era5, validAt: validAt,
              localDate: local.date.description,
              localHour: local.hour, fetchID: nil, fetchedAt: nil),
            values: [Self.truth(validAt) + generator.nextGaussian(mean: 0, standardDeviation: 0.3)])
        }
      }
      try store.checkpoint()
    }
    log("ensemble: verify --ensemble --by lead-day against verify --by lead-day")
    let ours = try best(of: 2) {
      try Subprocess.run(
        skycast,
        [
          "verify", "--ensemble", "--by", "lead-day", "--format", "csv", "--db", ensemblePath, "-o",
          "/dev/null",
        ])
    }
    let deterministic = try best(of: 2) {
      try Subprocess.run(
        skycast,
        [
          "verify", "--by", "lead-day", "--format", "csv", "--db", deterministicPath, "-o",
          "/dev/null",
        ])
    }
    guard ours.status == 0, deterministic.status == 0 else {
      throw BenchError("verify failed (exit \(ours.status), \(deterministic.status))")
    }
    let ratio = ours.seconds / deterministic.seconds
    let valid = issues.count * steps
    return [
      Figure(
        name: "ensemble storage: bytes per member value (\(Self.count(values)) values)",
        ours: NumberText.fixed(perValue, decimals: 2) + " B",
        baseline: "\(Self.ensembleMembers) Float32 + row", ratio: nil, target: "≤ 6 B",
        holds: perValue <= 6),
      Figure(
        name: "ensemble: verify --ensemble --by lead-day (\(Self.count(valid)) valid times)",
        ours: Self.seconds(ours.seconds),
        baseline: Self.seconds(deterministic.seconds) + " deterministic", ratio: ratio,
        target: "≤ 2×", holds: ratio <= 2),
    ]
  }

  /// 2026-01-01 00:00 UTC.
  static let ensembleStart: Int64 = 1_767_225_600

  /// A smooth synthetic temperature: seasonal and daily cycles.
  static func truth(_ validAt: Int64) -> Double {
    let day = Double(validAt - ensembleStart) / 86_400
    return 10 - 8 * cos(2 * Double.pi * day / 365) - 4 * cos(2 * Double.pi * (day - 0.1))
  }

  static func fileSize(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
  }
}
