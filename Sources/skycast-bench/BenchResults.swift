import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The results of the last run as Markdown, saved so that `skycast-bench --report` can print
/// them for the `performance` help topic (whose figures' history stays in git).
///
/// The file is `$SKYCAST_BENCH_RESULTS`, else `$XDG_STATE_HOME/skycast-bench/last-run.md`
/// (normally `~/.local/state/skycast-bench/last-run.md`); each run replaces it.
enum BenchResults {
  /// Where the last run's results are kept.
  static var path: String {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["SKYCAST_BENCH_RESULTS"], !path.isEmpty { return path }
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (NSHomeDirectory() + "/.local/state")
    return state + "/skycast-bench/last-run.md"
  }

  /// The figures as a Markdown section: what ran, when and where, then one table row each.
  static func markdown(_ figures: [Figure], workload: String, quick: Bool) -> String {
    let date = ISO8601DateFormatter().string(from: Date())
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var loadAverage = [Double](repeating: 0, count: 3)
    let load =
      getloadavg(&loadAverage, 3) > 0 ? String(format: "%.1f", loadAverage[0]) : "unknown"
    var text = "## skycast-bench, \(date)\n\n"
    text += "\(workload); \(cores) cores, load \(load)"
    text += quick ? "; --quick (a smoke run: only the full run's ratios mean something)" : ""
    text += ".\n\n| Measurement | skycast | `sqlite3` shell | Ratio | Target |\n"
    text += "|---|---|---|---|---|\n"
    for figure in figures {
      let ratio = figure.ratio.map { String(format: "%.2f×", $0) } ?? "—"
      let verdict = figure.holds.map { $0 ? " ✓" : " ✗" } ?? ""
      let cells = [figure.name, figure.ours, figure.baseline, ratio, figure.target + verdict]
      text +=
        "| "
        + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }
        .joined(separator: " | ") + " |\n"
    }
    return text
  }

  /// Saves the last run's Markdown (a failure only warns: the run's own output stands).
  static func save(_ markdown: String) {
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try markdown.write(to: url, atomically: true, encoding: .utf8)
      FileHandle.standardError.write(
        Data("· results saved to \(path) (--report prints them)\n".utf8))
    } catch {
      FileHandle.standardError.write(
        Data("· could not save the results to \(path): \(error)\n".utf8))
    }
  }

  /// The last run's Markdown.
  ///
  /// - Throws: `BenchError` when no run has saved results yet.
  static func load() throws -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw BenchError("no results at \(path) yet; run skycast-bench (or --quick) first")
    }
    return text
  }
}
