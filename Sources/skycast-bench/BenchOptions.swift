import Foundation

/// `skycast-bench` options.
struct BenchOptions {
  var cities = 70
  var days = 95
  var issuesPerDay = 4
  var forecastDays = 16
  var ingestBodies = 1500
  var exportRows = 1_000_000
  var seed: UInt64 = 2026
  var workDirectory = NSTemporaryDirectory() + "skycast-bench"
  var keep = false
  var quick = false
  /// Only the CSV import series (and bytes per row).
  var importOnly = false
  var skycast: String?
  var sqlite3 = "sqlite3"
  /// A history built by an earlier run (`--keep`), measured without ingest and building.
  var history: String?
  /// Print the last run's saved results as Markdown instead of measuring.
  var report = false

  static let help = """
    OVERVIEW: Measure Skycast against the sqlite3 shell on the same data, in the same run.

    USAGE: skycast-bench [--quick] [--cities <n>] [--days <n>] [--issues-per-day <n>]
                         [--ingest-bodies <n>] [--work-dir <dir>] [--keep] [--history <file>]
           skycast-bench --report

    Generates a reproducible synthetic history in the real schema (cities × days ×
    issues-per-day forecasts of 16 days of hourly rows; the defaults give about 10 M hourly
    forecast rows) and measures ingest (decode + store through the collector's code, against
    `sqlite3 .import` of the same rows as CSV), query (`verify --by lead` against the same SQL
    in the sqlite3 shell, and against the scores written by hand, into a file and a pipe), the
    archive analyses (audit, lock-in, changes, --lagged, --jumpiness, each against the same
    question written by hand in SQL, outputs compared), the time `verify --ci` adds (1000
    bootstrap resamples, against the same command without it), export (CSV of the rows into a
    file and a pipe against `sqlite3 -csv`, with peak RSS; a
    Parquet dataset of every row against the CSV export, with peak RSS and bytes per stored
    value), start-up (`skycast --help`), gzip decoding by Skycast's own inflate against
    zlib (100 MB of CSV text; 8 MB with --quick; needs python3) and a GHCNh station file
    (`import observations --format ghcnh` against the shell's `.import`, with peak RSS;
    35 MB and 350 MB, 2 MB and 6 MB with --quick; SKYCAST_BENCH_ONLY=stations alone).

    OPTIONS:
      --quick                 A small workload for CI (well under a minute).
      --cities <n>            Synthetic places. (default: 70)
      --days <n>              Days of issues. (default: 95)
      --issues-per-day <n>    Forecast runs per day. (default: 4)
      --ingest-bodies <n>     Forecast bodies in the ingest measurement. (default: 1500)
      --work-dir <dir>        Where the databases and CSV files go. (default: $TMPDIR/skycast-bench)
      --keep                  Keep the work directory afterwards (its history.sqlite can be
                              measured again with --history).
      --skycast <path>        The skycast binary. (default: next to this one)
      --history <file>        Measure query and export on this history from an earlier run
                              (--keep), skipping ingest and building.
      --import-only           Only the CSV import series against the sqlite3 shell (1 M, 3 M,
                              10 M rows; with --quick 10 k, 30 k) and the bytes per row.
      --report                Print the last run's results as Markdown (each run saves
                              them to $SKYCAST_BENCH_RESULTS, else
                              $XDG_STATE_HOME/skycast-bench/last-run.md) and exit.
      -h, --help              Show help information.
    """

  static func parse(_ arguments: [String]) throws -> BenchOptions? {
    var options = BenchOptions()
    var index = 0
    func value() throws -> String {
      index += 1
      guard index < arguments.count else {
        throw BenchError("Missing value for '\(arguments[index - 1])'")
      }
      return arguments[index]
    }
    func number(_ text: String) throws -> Int {
      guard let number = Int(text), number > 0 else {
        throw BenchError("The value '\(text)' is not a positive number")
      }
      return number
    }
    while index < arguments.count {
      switch arguments[index] {
      case "-h", "--help": return nil
      case "--quick":
        options.quick = true
        options.cities = 3
        options.days = 6
        options.ingestBodies = 60
        options.exportRows = 0
      case "--cities": options.cities = try number(value())
      case "--days": options.days = try number(value())
      case "--issues-per-day": options.issuesPerDay = try number(value())
      case "--ingest-bodies": options.ingestBodies = try number(value())
      case "--work-dir": options.workDirectory = try value()
      case "--keep": options.keep = true
      case "--skycast": options.skycast = try value()
      case "--sqlite3": options.sqlite3 = try value()
      case "--history": options.history = try value()
      case "--import-only": options.importOnly = true
      case "--report": options.report = true
      default: throw BenchError("Unknown option '\(arguments[index])'")
      }
      index += 1
    }
    return options
  }
}
