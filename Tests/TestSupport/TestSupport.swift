import Foundation

/// Locations of the package's folders for tests, found from this file's path.
public enum PackagePaths {
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  public static let samples = root.appendingPathComponent("Samples")
  public static let queries = root.appendingPathComponent("Queries")
  /// The station files of the six networks (provenance in its `SOURCES.md`).
  public static let stationFixtures = root.appendingPathComponent("Tests/StationsTests/Fixtures")
}
