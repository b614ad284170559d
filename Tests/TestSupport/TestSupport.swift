import Foundation

/// Locations of the package's folders for tests, found from this file's path.
public enum PackagePaths {
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// The embedded resources' folder: `Samples/`, `Queries/` and `Help/` live under it.
  public static let resources = root.appendingPathComponent("Sources/SkycastResources")
  public static let samples = resources.appendingPathComponent("Samples")
  public static let queries = resources.appendingPathComponent("Queries")
  /// The `skycast help <topic>` pages.
  public static let help = resources.appendingPathComponent("Help")
  /// The station files of the six networks (provenance in its `SOURCES.md`).
  public static let stationFixtures = root.appendingPathComponent("Tests/StationsTests/Fixtures")
}
