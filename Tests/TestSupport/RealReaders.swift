import Foundation

/// The real Parquet readers (pyarrow, DuckDB) through the Python that `SKYCAST_PYTHON` names:
/// `.ci/run` creates a virtual environment with both and exports it. Without it the
/// interoperability tests print a note and pass without reading.
public enum RealReaders {
  /// The Python with pyarrow and DuckDB, or nil (with a printed note) when none is configured.
  public static func python(for test: String) -> String? {
    if let path = ProcessInfo.processInfo.environment["SKYCAST_PYTHON"],
      FileManager.default.isExecutableFile(atPath: path)
    {
      return path
    }
    print(
      "note: \(test) skipped the pyarrow/DuckDB reads: set SKYCAST_PYTHON to a Python with pyarrow and duckdb (.ci/run does)"
    )
    return nil
  }

  /// `Tests/Python/<name>`.
  public static func script(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Python").appendingPathComponent(name).path
  }

  /// Runs `python script arguments…`; returns the exit status and what it printed (stdout and
  /// stderr together), waiting on a thread of its own (see `Subprocess`).
  public static func run(_ python: String, script name: String, _ arguments: [String])
    async throws -> (status: Int32, output: String)
  {
    let outcome = try await Subprocess.run(python, [script(name)] + arguments, mergingOutput: true)
    return (outcome.status, outcome.stdout)
  }
}
