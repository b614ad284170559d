import Foundation
import TestSupport
import Testing

/// The recipes for engines in the `datasets` help topic (`Sources/SkycastResources/Help/datasets.md`)
/// run on datasets Skycast wrote.
@Suite struct ParquetRecipeTests {
  static var readme: String {
    PackagePaths.help.appendingPathComponent("datasets.md").path
  }

  @Test(
    "The datasets topic's DuckDB query (and PySpark recipe, where present) reproduce 'verify --by lead-day' to 1e-9"
  )
  func duckDBReproducesVerify() async throws {
    let harness = try demoHarness()
    let lake = harness.directory.file("lake")
    for (table, folder) in [(["hourly"], "hourly"), (["observations"], "observations")] {
      let result = await harness.run(
        ["export"] + table + ["--format", "parquet", "-o", lake + "/" + folder])
      #expect(result.exitCode == 0, "\(result)")
    }
    let verify = harness.directory.file("verify.csv")
    let scores = await harness.run([
      "verify", "--by", "lead-day", "--obs", "synthetic", "--format", "csv", "-o", verify,
    ])
    #expect(scores.exitCode == 0, "\(scores)")
    let readme = try String(contentsOfFile: Self.readme, encoding: .utf8)
    #expect(readme.contains("<!-- duckdb-verify-recipe -->"))
    guard let python = RealReaders.python(for: "duckDBReproducesVerify") else { return }
    let (status, output) = try await RealReaders.run(
      python, script: "duckdb_recipe.py",
      [Self.readme, harness.directory.path, "synthetic", verify])
    #expect(status == 0, "\(output)")
    #expect(output.hasPrefix("ok "), "\(output)")

    // The PySpark recipe where pyspark and a Java runtime are present; CI installs both and
    // sets SKYCAST_REQUIRE_SPARK, so there a skip is a failure.
    let spark = try await RealReaders.run(
      python, script: "pyspark_recipe.py",
      [Self.readme, harness.directory.path, "synthetic", verify])
    let required = ProcessInfo.processInfo.environment["SKYCAST_REQUIRE_SPARK"] == "1"
    if spark.status == 77, !required {
      print("note: duckDBReproducesVerify skipped the PySpark recipe: \(spark.output.suffix(80))")
    } else {
      #expect(spark.status == 0, "\(spark.output.suffix(2000))")
      #expect(spark.output.contains("ok "), "\(spark.output.suffix(2000))")
    }
  }
}
