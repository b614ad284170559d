import Foundation

/// The recorded Open-Meteo responses in `Samples/open-meteo/`
/// (provenance in `Samples/README.md` there), read from the source tree located through `#filePath`.
///
/// Names may be given with or without `.json`. A missing fixture stops the test run with a message
/// naming the file, since no test can do anything useful without it.
///
/// ```swift
/// let body = Fixtures.data("forecast-berlin-hourly-daily-sunrise-1day")
/// let names = Fixtures.names  // every fixture, sorted
/// ```
public enum Fixtures {
  /// `Samples/open-meteo/`.
  public static let directory = PackagePaths.samples.appendingPathComponent("open-meteo")

  /// The file URL of a fixture.
  public static func url(_ name: String) -> URL {
    directory.appendingPathComponent(name.hasSuffix(".json") ? name : name + ".json")
  }

  /// The bytes of a fixture, exactly as stored.
  public static func data(_ name: String) -> Data {
    let file = url(name)
    guard let data = FileManager.default.contents(atPath: file.path) else {
      preconditionFailure("fixture \(file.lastPathComponent) not found in \(directory.path)")
    }
    return data
  }

  /// The text of a fixture (they are all UTF-8).
  public static func text(_ name: String) -> String {
    let bytes = data(name)
    guard let text = String(data: bytes, encoding: .utf8) else {
      preconditionFailure("fixture \(name) is not UTF-8")
    }
    return text
  }

  /// The names (with `.json`) of every fixture, sorted.
  public static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.sorted()
  }

  /// The fixtures recorded from the live API (every file except the `derived-` ones).
  public static var recordedNames: [String] {
    names.filter { !$0.hasPrefix("derived-") }
  }
}
