import Foundation

/// Locations of the package's folders for tests, found from this file's path.
public enum PackagePaths {
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// The embedded resources' target folder: `Help/` lives under it.
  public static let resources = root.appendingPathComponent("Sources/SkycastResources")
  /// The demo's recorded replies and sample files, at the top level and embedded in the binary.
  public static let samples = root.appendingPathComponent("Samples")
  /// The built-in SQL reports, at the top level and embedded in the binary.
  public static let queries = root.appendingPathComponent("Queries")
  /// The `skycast help <topic>` pages.
  public static let help = resources.appendingPathComponent("Help")
  /// The station files of the six networks (provenance in its `SOURCES.md`).
  public static let stationFixtures = root.appendingPathComponent("Tests/StationsTests/Fixtures")
}
