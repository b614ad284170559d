import Foundation
import SkycastModel
import Store

/// `verify --by lead` (the merge join) against the scores written by hand as one SQL statement
/// in the sqlite3 shell, with both outputs compared number by number.
extension Benchmark {
  /// Both as a user runs them: whole processes, the CSV into a file (`> file`) and into a pipe
  /// the benchmark drains; the file's scores are compared number by number.
  func verifyAgainstHandWrittenSQL(database: String) throws -> [Figure] {
    let script = directory + "/verify-by-lead-by-hand.sql"
    try BenchQueries.verifyByLeadByHand.write(toFile: script, atomically: true, encoding: .utf8)
    let shellOutput = directory + "/verify-by-hand.csv"
    let oursOutput = directory + "/verify-by-lead.csv"
    var figures: [Figure] = []
    for (label, isPipe) in [("file", false), ("pipe", true)] {
      log(
        "verify: --by lead against the hand-written SQL in the shell, into a \(label) (best of 3)")
      let shell = try best(of: 3) {
        try Subprocess.run(
          sqlite3, ["-csv", database, ".read \(script)"],
          stdoutPath: isPipe ? Subprocess.pipe : shellOutput)
      }
      let ours = try best(of: 3) {
        try Subprocess.run(
          skycast,
          [
            "verify", "--by", "lead", "--obs", FetchSource.era5.rawValue, "--format", "csv", "--db",
            database,
          ],
          stdoutPath: isPipe ? Subprocess.pipe : oursOutput)
      }
      var compared = ""
      if !isPipe {
        let groups = try Self.compareScores(ours: oursOutput, shell: shellOutput)
        compared = "\(groups) groups, same scores, "
      }
      let ratio = ours.seconds / shell.seconds
      log(
        "verify: \(compared)CPU \(Self.seconds(ours.cpuSeconds)) vs \(Self.seconds(shell.cpuSeconds))"
      )
      figures.append(
        Figure(
          name: "verify --by lead vs hand-written SQL (\(compared)into a \(label))",
          ours: Self.seconds(ours.seconds) + " (\(Self.seconds(ours.cpuSeconds)) CPU)",
          baseline: Self.seconds(shell.seconds) + " (\(Self.seconds(shell.cpuSeconds)) CPU)",
          ratio: ratio, target: "≤ 0.2×", holds: ratio <= 0.2))
    }
    return figures
  }

  /// Checks that both CSV files hold the same groups with the same n (exactly) and bias, mae,
  /// rmse, corr (to 1e-9 relative; the shell prints 15 significant digits); returns the group
  /// count.
  static func compareScores(ours: String, shell: String) throws -> Int {
    func rows(_ path: String, skipHeader: Bool) throws -> [[String]] {
      // Split on any line break: skycast's CSV ends its lines with CRLF, one Character.
      let lines = try String(contentsOfFile: path, encoding: .utf8).split(
        whereSeparator: \.isNewline
      )
      .filter { !$0.hasPrefix("#") && !$0.isEmpty }
      return lines.dropFirst(skipHeader ? 1 : 0).map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
    }
    let left = try rows(ours, skipHeader: true)
    let right = try rows(shell, skipHeader: false)
    guard left.count == right.count, !left.isEmpty else {
      throw BenchError("verify wrote \(left.count) groups, the shell \(right.count)")
    }
    for (a, b) in zip(left, right) {
      guard a.count == 7, b.count == 7, a[0...2] == b[0...2] else {
        throw BenchError("group or n differ: \(a) against \(b)")
      }
      for column in 3..<7 {
        let (x, y) = (Double(a[column]) ?? .nan, Double(b[column]) ?? .nan)
        guard abs(x - y) <= 1e-9 * max(1, abs(y)) else {
          throw BenchError("column \(column) differs: \(a) against \(b)")
        }
      }
    }
    return left.count
  }
}

extension BenchQueries {
  /// `verify --by lead`'s n, bias, mae, rmse and corr (Pearson from the sums) as one would write
  /// them by hand: an inner join of forecasts and observations, CROSS JOIN so that SQLite keeps
  /// the forecasts outside (one primary-key search of the observations per forecast row).
  static var verifyByLeadByHand: String {
    let e = "(f.temperature_2m - o.temperature_2m)"
    let sf = "total(f.temperature_2m)"
    let so = "total(o.temperature_2m)"
    return """
      SELECT f.source, f.lead_hours, count(*) AS n, avg(\(e)) AS bias, avg(abs(\(e))) AS mae,
        sqrt(avg(\(e) * \(e))) AS rmse,
        (count(*) * total(f.temperature_2m * o.temperature_2m) - \(sf) * \(so))
          / sqrt((count(*) * total(f.temperature_2m * f.temperature_2m) - \(sf) * \(sf))
            * (count(*) * total(o.temperature_2m * o.temperature_2m) - \(so) * \(so))) AS corr
      FROM hourly_forecasts AS f
      CROSS JOIN hourly_observations AS o
        ON o.city_id = f.city_id AND o.source = \(FetchSource.era5.sqlLiteral) AND o.valid_at = f.valid_at
      WHERE f.lead_hours >= 0 AND f.temperature_2m IS NOT NULL AND o.temperature_2m IS NOT NULL
      GROUP BY f.source, f.lead_hours
      ORDER BY f.source, f.lead_hours;

      """
  }
}
