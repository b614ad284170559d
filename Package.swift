// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Skycast",
  products: [
    .executable(name: "skycast", targets: ["skycast"]),
    .executable(name: "skycast-bench", targets: ["skycast-bench"]),
  ],
  targets: [
    // MARK: - SQLite
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "SQLiteKit", dependencies: ["CSQLite"]),

    // MARK: - Build-time embedding of Queries/ and Samples/
    .executableTarget(name: "EmbedResourcesTool"),
    .plugin(
      name: "EmbedResourcesPlugin",
      capability: .buildTool(),
      dependencies: ["EmbedResourcesTool"],
      path: "Sources/EmbedResourcesPlugin"
    ),
    .target(name: "SkycastResources", plugins: ["EmbedResourcesPlugin"]),

    // MARK: - Domain, CLI and executables
    .target(
      name: "SkycastKit", dependencies: ["SQLiteKit", "SkycastResources"],
      // The SIGSTOP/page-count failure points of the crash tests exist only in debug builds
      // (what `swift test` spawns), never in a release binary.
      swiftSettings: [.define("SKYCAST_TEST_HOOKS", .when(configuration: .debug))]),
    .target(name: "SkycastCLI", dependencies: ["SkycastKit", "SQLiteKit"]),
    .executableTarget(name: "skycast", dependencies: ["SkycastCLI"]),
    .executableTarget(
      name: "skycast-bench", dependencies: ["SkycastKit", "SQLiteKit"]),

    // MARK: - Tests
    .target(
      name: "TestSupport", dependencies: ["SkycastKit", "SkycastCLI"], path: "Tests/TestSupport"),
    .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit"]),
    .testTarget(
      name: "SkycastKitTests", dependencies: ["SkycastKit", "SQLiteKit", "TestSupport"],
      exclude: ["Export/SVG/Golden"]),
    .testTarget(
      name: "SkycastCLITests",
      dependencies: ["SkycastCLI", "SkycastKit", "SQLiteKit", "TestSupport"],
      exclude: ["Views/Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
