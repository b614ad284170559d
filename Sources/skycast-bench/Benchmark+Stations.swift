import Foundation
import SkycastModel
import Store

/// `import observations --format ghcnh` of a GHCNh period-of-record file against the sqlite3
/// shell's `.import` of the same file into a 238-column table, with the peak RSS of both (GNU
/// `time`), at two sizes a tenth apart: the station readers stream, so memory must stay flat
/// (issue 45: ≤ 64 MB at 35 MB and 350 MB) and the time at least the shell's.
extension Benchmark {
  /// GHCNh variables of the POR schema, six columns each (value, measurement code, quality
  /// code, report type, source code, source station), in file order; with the ten leading
  /// columns, 238 columns as in NCEI's files.
  static let ghcnhVariables = [
    "temperature", "dew_point_temperature", "station_level_pressure", "sea_level_pressure",
    "wind_direction", "wind_speed", "wind_gust", "precipitation", "relative_humidity",
    "wet_bulb_temperature", "snow_depth", "visibility", "altimeter", "pressure_3hr_change",
    "precipitation_3_hour", "precipitation_6_hour", "precipitation_9_hour",
    "precipitation_12_hour", "precipitation_15_hour", "precipitation_18_hour",
    "precipitation_21_hour", "precipitation_24_hour", "sky_cover_1", "sky_cover_2",
    "sky_cover_3", "sky_cover_baseht_1", "sky_cover_baseht_2", "sky_cover_baseht_3",
    "pres_wx_MW1", "pres_wx_MW2", "pres_wx_MW3", "pres_wx_AU1", "pres_wx_AU2", "pres_wx_AU3",
    "pres_wx_AW1", "pres_wx_AW2", "pres_wx_AW3", "remarks",
  ]

  /// The station-file measurements: one figure per size.
  func stationImport() throws -> [Figure] {
    let sizes = options.quick ? [2_000_000, 6_000_000] : [35_000_000, 350_000_000]
    var figures: [Figure] = []
    for size in sizes {
      let folder = directory + "/stations-\(size)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let file = folder + "/GHCNh_USW00024135_por.psv"
      log("stations: writing a \(Self.decimalMegabytes(size)) GHCNh file")
      let lines = try Self.writeGHCNh(bytes: size, to: file, seed: options.seed)
      let ours = folder + "/skycast.sqlite"
      let store = try Store(path: ours)
      _ = try store.addCity(
        City(name: "Butte", countryCode: "US", latitude: 45.96, longitude: -112.5, timezone: "UTC"))
      log("stations: skycast import observations --format ghcnh")
      let ourCost = try Subprocess.run(
        skycast,
        ["import", "observations", "--format", "ghcnh", file, "--city", "Butte", "--db", ours])
      guard ourCost.status == 0 else { throw BenchError("stations: skycast import failed") }
      log("stations: sqlite3 .import of the same file")
      let shell = folder + "/sqlite3.sqlite"
      let script = folder + "/import.sql"
      try ".mode csv\n.separator |\n.import \(file) ghcnh\n".write(
        toFile: script, atomically: true, encoding: .utf8)
      let shellCost = try Subprocess.run(sqlite3, [shell, ".read \(script)"])
      let shellRows = try shellRow(shell, "SELECT count(*) FROM ghcnh")
      let hours = try shellRow(ours, "SELECT count(*) FROM hourly_observations")
      guard shellRows.first == String(lines), let stored = hours.first.flatMap(Int.init),
        stored > lines / 4
      else {
        throw BenchError(
          "stations: \(lines) lines, the shell stored \(shellRows), skycast \(hours) hours")
      }
      let ratio = shellCost.cpuSeconds / ourCost.cpuSeconds
      let peak = Double(ourCost.peakRSSKilobytes) / 1024
      func cost(_ cost: ProcessCost) -> String {
        "\(Self.seconds(cost.seconds)) wall, \(Self.seconds(cost.cpuSeconds)) CPU, peak "
          + Self.megabytes(cost.peakRSSKilobytes)
      }
      figures.append(
        Figure(
          name:
            "station file: import observations --format ghcnh, \(Self.decimalMegabytes(size)) (\(Self.count(lines)) reports; speed by CPU, by wall \(NumberText.fixed(shellCost.seconds / ourCost.seconds, decimals: 2))×)",
          ours: cost(ourCost), baseline: cost(shellCost), ratio: ratio,
          target: "≥ 1.0× speed, peak ≤ 64 MB", holds: ratio >= 1.0 && peak <= 64))
    }
    return figures
  }

  /// Writes a GHCNh POR file of about `bytes`: reports 20 minutes apart from 1940 with
  /// temperature, dew point, pressures, wind, precipitation and a METAR remark filled, the
  /// other columns empty as in most real lines. Returns the number of reports.
  static func writeGHCNh(bytes: Int, to path: String, seed: UInt64) throws -> Int {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw BenchError("cannot write \(path)")
    }
    defer { try? handle.close() }
    var header = [
      "Station_ID", "Station_name", "Year", "Month", "Day", "Hour", "Minute", "Latitude",
      "Longitude", "Elevation",
    ]
    for variable in ghcnhVariables {
      header +=
        [variable]
        + [
          "Measurement_Code", "Quality_Code", "Report_Type", "Source_Code", "Source_Station_ID",
        ].map { variable + "_" + $0 }
    }
    var out = Array((header.joined(separator: "|") + "\n").utf8)
    var written = 0
    var random = SplitMix64(seed: seed)
    var time = LocalDate(year: 1940, month: 1, day: 1)!.midnightAsUTC
    var lines = 0
    let filled: [String: () -> String] = [
      "temperature": { NumberText.fixed(Double(random.next() % 600) / 10 - 20, decimals: 1) },
      "dew_point_temperature": {
        NumberText.fixed(Double(random.next() % 400) / 10 - 25, decimals: 1)
      },
      "sea_level_pressure": {
        NumberText.fixed(980 + Double(random.next() % 600) / 10, decimals: 1)
      },
      "wind_direction": { String(10 * (random.next() % 36 + 1)) },
      "wind_speed": { NumberText.fixed(Double(random.next() % 150) / 10, decimals: 1) },
      "precipitation": {
        random.next() % 5 == 0 ? NumberText.fixed(Double(random.next() % 30) / 10, decimals: 1) : ""
      },
      "relative_humidity": { String(random.next() % 100 + 1) },
    ]
    while written < bytes {
      let (day, second) = WallClock.floorDivide(time, 86_400)
      let date = LocalDate(dayNumber: day)
      let parts = date.description.split(separator: "-").map(String.init)
      var fields = [
        "USW00024135", "BUTTE BERT MOONEY AP", parts[0], parts[1], parts[2],
        String(second / 3600), String(second % 3600 / 60), "45.9644", "-112.5014", "1677.9",
      ]
      for variable in ghcnhVariables {
        if let value = filled[variable] {
          let text = value()
          fields += [text, "", text.isEmpty ? "" : "5", "FM-15", "343", "726785-24135"]
        } else if variable == "remarks" {
          fields += [
            "METAR KBTM 251356Z 32016G25KT 10SM FEW027 OVC038 02/M02 A2979 RMK AO2 SLP118 T00171022",
            "", "", "FM-15", "343", "726785-24135",
          ]
        } else {
          fields += ["", "", "", "", "", ""]
        }
      }
      out += Array((fields.joined(separator: "|") + "\n").utf8)
      lines += 1
      time += 1200
      if out.count >= 1 << 20 {
        written += out.count
        try handle.write(contentsOf: out)
        out.removeAll(keepingCapacity: true)
      }
    }
    written += out.count
    try handle.write(contentsOf: out)
    return lines
  }
}
