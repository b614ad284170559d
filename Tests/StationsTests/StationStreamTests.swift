import Foundation
import SkycastModel
import Testing

@testable import Stations

/// The streaming readers (`StationFiles.stream`): the rows, tally and errors of the whole-file
/// reading whatever the chunking, from memory or from a file, plain, gzip or zip.
@Suite struct StationStreamTests {
  /// Every station data fixture with the provider that reads it (lists and maps left out).
  static let fixtures: [(provider: StationProvider, name: String)] = {
    var result: [(StationProvider, String)] = []
    for (folder, provider) in [
      ("asos", StationProvider.asos), ("dwd", .dwd), ("ecad", .ecad), ("ghcnh", .ghcnh),
      ("isdlite", .isdLite), ("meteostat", .meteostat),
    ] {
      for name in StationFixtures.names(folder)
      where !name.contains("Beschreibung") && !name.contains("station") && !name.contains(".map.")
        && !name.hasSuffix(".json") && !name.hasSuffix(".md")
      {
        result.append((provider, folder + "/" + name))
      }
    }
    return result
  }()

  /// The reading of `bytes` whole, or the error it gives.
  static func whole(_ bytes: [UInt8], name: String, provider: StationProvider) -> Result<
    StationReading, StationFileError
  > {
    normalized(
      Result { () throws(StationFileError) in
        try StationFiles.read(
          bytes, name: name, provider: provider, options: StationReadOptions(),
          sibling: sibling(name))
      })
  }

  /// `result` with its named problems sorted: a line's problems follow dictionary order,
  /// which two readings need not share.
  static func normalized(_ result: Result<StationReading, StationFileError>) -> Result<
    StationReading, StationFileError
  > {
    result.map { reading in
      var reading = reading
      reading.tally.problems.sort()
      return reading
    }
  }

  static func sibling(_ name: String) -> (String) -> [UInt8]? {
    { map in
      let path = "meteostat/" + map
      return StationFixtures.names("meteostat").contains(map) ? StationFixtures.bytes(path) : nil
    }
  }

  /// The reading of `input` as a stream in `chunkSize` pieces, rows collected.
  static func streamed(
    _ input: StationInput, name: String, provider: StationProvider, chunkSize: Int,
    window: StationWindow = .standard, batchSize: Int = 3
  ) -> Result<StationReading, StationFileError> {
    var hourly: [StationHour] = []
    var daily: [StationDay] = []
    do {
      let summary = try StationFiles.stream(
        input, name: name, provider: provider, options: StationReadOptions(), window: window,
        chunkSize: chunkSize, batchSize: batchSize, sibling: sibling(name)
      ) { rows in
        hourly += rows.hourly
        daily += rows.daily
      }
      #expect(summary.hours == hourly.count && summary.days == daily.count)
      var reading = summary.reading
      reading.hourly = hourly
      reading.daily = daily
      return normalized(.success(reading))
    } catch let error as StationFileError {
      return .failure(error)
    } catch {
      Issue.record("unexpected \(error)")
      return .failure(.format("\(error)"))
    }
  }

  /// A copy of `bytes` in a temporary file.
  static func file(_ bytes: [UInt8], name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("skycast-stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
  }

  @Test(
    "every fixture streams to the whole-file rows, tally and errors, in memory and from a file",
    arguments: [1, 7, 4096])
  func sameAsWhole(chunkSize: Int) throws {
    for (provider, path) in Self.fixtures {
      let bytes = StationFixtures.bytes(path)
      let name = String(path.split(separator: "/").last!)
      let expected = Self.whole(bytes, name: name, provider: provider)
      let inMemory = Self.streamed(
        .bytes(bytes), name: name, provider: provider, chunkSize: chunkSize)
      #expect(inMemory == expected, "\(path) in memory, chunks of \(chunkSize)")
      let url = try Self.file(bytes, name: name)
      defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
      let fromFile = Self.streamed(
        .file(path: url.path), name: name, provider: provider, chunkSize: chunkSize)
      #expect(fromFile == expected, "\(path) from a file, chunks of \(chunkSize)")
    }
  }

  static let ghcnhName = "GHCNh_USW00024135_por.psv"

  /// A GHCNh file of `count` reports 20 minutes apart from 2001-01-01: the fixture's header
  /// and first report, with the time and temperature changed per line.
  static func syntheticGHCNh(_ count: Int) -> [UInt8] {
    let fixture = String(decoding: StationFixtures.bytes("ghcnh/" + ghcnhName), as: UTF8.self)
    let lines = fixture.split(separator: "\n")
    var out = String(lines[0]) + "\n"
    var fields = lines[1].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let start = LocalDate(year: 2001, month: 1, day: 1)!.midnightAsUTC
    for index in 0..<count {
      let time = start + Int64(index) * 1200
      let date = LocalDate(dayNumber: WallClock.floorDivide(time, 86_400).quotient)
      let parts = date.description.split(separator: "-")
      fields[2] = String(parts[0])
      fields[3] = String(parts[1])
      fields[4] = String(parts[2])
      fields[5] = String(time % 86_400 / 3600)
      fields[6] = String(time % 3600 / 60)
      fields[10] = String(Double(index % 300) / 10 - 10)
      out += fields.joined(separator: "|") + "\n"
    }
    return Array(out.utf8)
  }

  static let ghcnh = syntheticGHCNh(500)

  @Test("CRLF lines cut anywhere read as the LF file")
  func crlf() throws {
    let text = String(decoding: Self.ghcnh, as: UTF8.self)
    let crlf = Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    let expected = Self.whole(Self.ghcnh, name: Self.ghcnhName, provider: .ghcnh)
    #expect(try expected.get().hourly.count > 100)
    for chunkSize in [1, 2, 3, 5, 64] {
      let streamed = Self.streamed(
        .bytes(crlf), name: Self.ghcnhName, provider: .ghcnh, chunkSize: chunkSize)
      #expect(streamed == expected, "chunks of \(chunkSize)")
    }
  }

  @Test("a gzip stream of several members read across chunks is the text they hold")
  func gzipMembers() throws {
    let half = Self.ghcnh.count / 2
    let gzip =
      StoredGzip.member(Array(Self.ghcnh[..<half])) + StoredGzip.member(Array(Self.ghcnh[half...]))
    let expected = Self.whole(Self.ghcnh, name: Self.ghcnhName, provider: .ghcnh)
    let url = try Self.file(gzip, name: Self.ghcnhName)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    for chunkSize in [1, 13, 4096] {
      #expect(
        Self.streamed(
          .file(path: url.path), name: Self.ghcnhName, provider: .ghcnh, chunkSize: chunkSize)
          == expected, "chunks of \(chunkSize)")
    }
  }

  @Test(
    "a truncated gzip or zip fails with a clear error",
    arguments: [
      (
        "meteostat/derived-legacy-hourly-10637.csv.gz", StationProvider.meteostat, "gzip data ended"
      ),
      (
        "dwd/derived-stundenwerte_TU_03987_akt.zip", StationProvider.dwd, "end-of-central-directory"
      ),
    ])
  func truncated(path: String, provider: StationProvider, words: String) throws {
    let bytes = StationFixtures.bytes(path)
    let cut = Array(bytes[..<(bytes.count * 2 / 3)])
    let name = String(path.split(separator: "/").last!)
    let url = try Self.file(cut, name: name)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let result = Self.streamed(
      .file(path: url.path), name: name, provider: provider, chunkSize: 100)
    guard case .failure(.compressed(let message)) = result else {
      Issue.record("\(path) cut short: \(result)")
      return
    }
    #expect(message.contains(words), "\(message)")
  }

  @Test("a zip entry streams from the file in small chunks to the rows of the whole archive")
  func zipEntry() throws {
    let name = "derived-stundenwerte_TU_03987_akt.zip"
    let bytes = StationFixtures.bytes("dwd/" + name)
    let url = try Self.file(bytes, name: name)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let expected = Self.whole(bytes, name: name, provider: .dwd)
    #expect(try expected.get().hourly.count > 0)
    for chunkSize in [1, 5, 100] {
      #expect(
        Self.streamed(.file(path: url.path), name: name, provider: .dwd, chunkSize: chunkSize)
          == expected)
    }
  }

  @Test("a file out of time order is said to be; read whole it gives the whole-file rows")
  func unsorted() throws {
    let text = String(decoding: Self.ghcnh, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header = lines.removeFirst()
    let body = lines.filter { !$0.isEmpty }
    let reordered = Array(([header] + body.reversed()).joined(separator: "\n").utf8)
    let expected = Self.whole(reordered, name: Self.ghcnhName, provider: .ghcnh)
    let summary = try StationFiles.stream(
      .bytes(reordered), name: Self.ghcnhName, provider: .ghcnh, options: StationReadOptions(),
      window: .bounded(lag: 0), chunkSize: 64
    ) { _ in }
    #expect(!summary.sorted)
    #expect(
      Self.streamed(
        .bytes(reordered), name: Self.ghcnhName, provider: .ghcnh, chunkSize: 64, window: .whole)
        == expected)
  }

  @Test("the windowed hour rule hands out the whole-file hours and dropped-report count")
  func windowedHours() {
    var generator = SplitMix64(seed: 45)
    var reports: [StationReport] = []
    var time: Int64 = 1_700_000_000
    for _ in 0..<5000 {
      time += Int64(generator.next() % 2400)
      var values: [WeatherVariable: Double] = [.temperature2m: Double(generator.next() % 300) / 10]
      if generator.next() % 3 == 0 { values[.precipitation] = Double(generator.next() % 50) / 10 }
      let suspect: [WeatherVariable: Double] =
        generator.next() % 5 == 0 ? [.relativeHumidity2m: 50] : [:]
      reports.append(StationReport(time: time, values: values, suspect: suspect))
    }
    var tally = StationTally()
    let expected = StationReport.hours(reports, tally: &tally)
    var reducer = StationHourReducer(window: .bounded(lag: 0))
    var hours: [StationHour] = []
    for (index, report) in reports.enumerated() {
      reducer.add(report)
      if index % 17 == 0 { reducer.take(into: &hours) }
    }
    reducer.finish(into: &hours)
    #expect(!reducer.unsorted)
    #expect(hours == expected)
    #expect(reducer.reducedReports == tally.reducedReports)
  }
}
