// swift-tools-version: 6.0
import PackageDescription

// The targets are the architecture: each dependency below is an allowed arrow, so a forbidden
// one does not compile.
//
//   SkycastModel   variables, quantities and units, cities, local time, number text, files
//   Analysis       pure formulas and score accumulators (no I/O, no SQLite)
//   Inflate        DEFLATE, gzip and zip decoding, streaming and bounded (no dependencies)
//   Stations       station files and lists of six networks, read into canonical units (no store)
//   OpenMeteo      endpoints, HTTP transports, the JSON parser and response decoders (no store)
//   Export         CSV/JSON/table/LaTeX/sparkline/Parquet writers over rows and cells, figures
//                  as one drawing rendered to SVG and TikZ (no SQL; score headers from
//                  Analysis's score registry)
//   SQLiteKit      a generic SQLite wrapper; the connection policy is passed in
//   Store          schema, migrations, transactions, typed row doors (insert and read the
//                  rows of each table) and a read-only, non-escaping row stream for a
//                  feature's own SQL (Store.withRows), SQL function registration; the only
//                  door to SQLite: it imports SQLiteKit `internal` and no other target may
//                  list it, so no signature above names a wrapper type, and every error is a
//                  StoreError (PackageGraphTests checks each import against the lists below)
//   Collect, Import, Verify, Summary, Views, ExportJobs, Demo
//                  one feature each, over the Store and the layers below, owning its requests,
//                  SQL text and plans (verify's queries in Verify/Queries, the export plan in
//                  ExportJobs/Plan, the `now` model in Views; Collect: the one fetch pipeline
//                  every API product runs through)
//   Synthetic      reproducible synthetic weather for the demo, tests and benchmark
//   SkycastCLI     scanner, options, one file per command, the error presenter
//
// New code goes into the lowest target that can hold it: a formula into Analysis, a writer into
// Export, a table's row door into Store, a feature's query into its feature, and only argument
// handling and presentation into SkycastCLI.

let testHooks: [SwiftSetting] = [
  // The SIGSTOP/page-count failure points of the crash tests exist only in debug builds
  // (what `swift test` spawns), never in a release binary.
  .define("SKYCAST_TEST_HOOKS", .when(configuration: .debug))
]

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

    // MARK: - Build-time embedding of Queries/, Samples/ and Sources/SkycastResources/Help
    .executableTarget(name: "EmbedResourcesTool"),
    .plugin(
      name: "EmbedResourcesPlugin",
      capability: .buildTool(),
      dependencies: ["EmbedResourcesTool"],
      path: "Sources/EmbedResourcesPlugin"
    ),
    .target(
      name: "SkycastResources", exclude: ["Help"],
      plugins: ["EmbedResourcesPlugin"]),

    // MARK: - Foundations (no SQLite)
    .target(name: "SkycastModel"),
    .target(name: "Analysis", dependencies: ["SkycastModel"]),
    .target(name: "Inflate"),
    .target(name: "OpenMeteo", dependencies: ["SkycastModel", "Inflate"]),
    .target(name: "Stations", dependencies: ["SkycastModel", "Inflate"]),
    .target(name: "Export", dependencies: ["SkycastModel", "Analysis"]),

    // MARK: - The store
    .target(
      name: "Store",
      dependencies: ["SQLiteKit", "SkycastModel", "Analysis", "SkycastResources"],
      swiftSettings: testHooks),

    // MARK: - Features
    .target(
      name: "Collect",
      dependencies: ["Store", "OpenMeteo", "SkycastModel", "Stations", "Import"]),
    .target(name: "Import", dependencies: ["Store", "Stations", "SkycastModel"]),
    .target(
      name: "Verify",
      dependencies: ["Store", "Analysis", "Export", "SkycastModel"]),
    .target(name: "Summary", dependencies: ["Store", "Analysis", "Export", "SkycastModel"]),
    .target(name: "Views", dependencies: ["Store", "Analysis", "Export", "SkycastModel"]),
    .target(name: "ExportJobs", dependencies: ["Store", "Export", "OpenMeteo", "SkycastModel"]),
    .target(name: "Synthetic", dependencies: ["Analysis", "SkycastModel"]),
    .target(
      name: "Demo",
      dependencies: [
        "Store", "Collect", "Import", "OpenMeteo", "Synthetic", "SkycastModel", "SkycastResources",
      ]),

    // MARK: - CLI and executables
    .target(
      name: "SkycastCLI",
      dependencies: [
        "SkycastModel", "Analysis", "OpenMeteo", "Export", "Store", "Collect", "Import", "Verify",
        "Summary", "Views", "ExportJobs", "Demo", "Stations", "SkycastResources",
      ]),
    .executableTarget(name: "skycast", dependencies: ["SkycastCLI"]),
    .executableTarget(
      name: "skycast-bench",
      dependencies: [
        "SkycastModel", "OpenMeteo", "Export", "Store", "Collect", "Import", "Verify", "ExportJobs",
        "Synthetic", "Inflate",
      ]),

    // MARK: - Tests
    .target(
      name: "TestSupport",
      dependencies: [
        "SkycastModel", "Analysis", "OpenMeteo", "Export", "Store", "Synthetic", "SkycastCLI",
        "Inflate",
      ],
      path: "Tests/TestSupport", exclude: ["FakeWeather/SOURCES.md"]),
    .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit", "CSQLite"]),
    .testTarget(name: "InflateTests", dependencies: ["Inflate"]),
    .testTarget(
      name: "StationsTests", dependencies: ["Stations", "SkycastModel", "Inflate"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "SkycastModelTests",
      dependencies: ["SkycastModel", "Export", "TestSupport"]),
    .testTarget(
      name: "AnalysisTests",
      dependencies: ["Analysis", "SkycastModel", "Store", "Verify", "TestSupport"]),
    .testTarget(
      name: "OpenMeteoTests",
      dependencies: ["OpenMeteo", "Collect", "SkycastModel", "Synthetic", "TestSupport"]),
    .testTarget(
      name: "ExportTests",
      dependencies: [
        "Export", "ExportJobs", "SkycastModel", "Store", "Verify", "Analysis", "TestSupport",
      ],
      exclude: ["SVG/Golden", "TikZ/Golden"]),
    .testTarget(
      name: "StoreTests",
      dependencies: [
        "Store", "SkycastModel", "Views", "SkycastResources", "TestSupport",
      ]),
    .testTarget(
      name: "CollectTests", dependencies: ["Collect", "OpenMeteo", "SkycastModel", "Store"]),
    .testTarget(name: "SummaryTests", dependencies: ["Summary", "SkycastModel"]),
    .testTarget(name: "ExportJobsTests", dependencies: ["ExportJobs"]),
    .testTarget(name: "DemoTests", dependencies: ["Demo", "Store"]),
    .testTarget(
      name: "ImportTests",
      dependencies: ["Import", "Store", "SkycastModel", "TestSupport"]),
    .testTarget(
      name: "VerifyTests",
      dependencies: ["Verify", "Analysis", "SkycastModel", "Store", "TestSupport"]),
    .testTarget(
      name: "ViewsTests",
      dependencies: ["Views", "Analysis", "Export", "SkycastModel", "Store"]),
    .testTarget(
      name: "SyntheticTests",
      dependencies: ["Synthetic", "OpenMeteo", "SkycastModel"]),
    .testTarget(
      name: "TestSupportTests",
      dependencies: ["TestSupport", "Inflate"]),
    .testTarget(
      name: "SkycastCLITests",
      dependencies: [
        "SkycastCLI", "SkycastModel", "Analysis", "OpenMeteo", "Export", "Store", "Collect",
        "Import", "Verify", "Summary", "Views", "ExportJobs", "Synthetic", "Demo", "TestSupport",
      ],
      exclude: ["Views/Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
