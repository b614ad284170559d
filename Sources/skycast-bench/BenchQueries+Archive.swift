import SkycastModel

/// The archive analyses written by hand, one SQL statement each, over the benchmark's history
/// (collected forecasts of `best_match`, `era5` observations and a Previous Runs archive).
extension BenchQueries {
  /// The newest issues of each valid time first: `row_number()` 1 is the newest issue.
  static let newestFirst =
    "PARTITION BY f.city_id, f.source, f.model, f.valid_at ORDER BY f.issued_at DESC, f.fetch_id DESC"

  /// The collected forecasts of `column` with a value and a lead ≥ 0.
  static func collected(_ column: String) -> String {
    "f.source = \(FetchSource.forecast.sqlLiteral) AND f.\(column) IS NOT NULL AND f.lead_hours >= 0"
  }

  /// `archive lock-in --var precipitation --threshold 0.1`: per valid time with two issues or
  /// more, the lock-in issue follows the last issue whose yes/no differs from the newest one's;
  /// per city, source and model, n and the share locked in by each lead day.
  static func lockIn(days: Int) -> String {
    let shares = (0..<days).map { day in
      "sum(first_day >= \(day) AND locked_day >= \(day)) * 1.0 / nullif(sum(first_day >= \(day)), 0) AS locked_d\(day)"
    }
    return """
      WITH e AS (
        SELECT f.city_id, f.source, f.model, f.valid_at, f.issued_at, f.lead_hours,
          f.precipitation >= 0.1 AS event,
          first_value(f.precipitation >= 0.1) OVER (\(newestFirst)) AS final
        FROM hourly_forecasts AS f WHERE \(collected("precipitation"))),
      x AS (
        SELECT *, max(CASE WHEN event <> final THEN issued_at END)
          OVER (PARTITION BY city_id, source, model, valid_at) AS last_differ
        FROM e),
      v AS (
        SELECT city_id, source, model, max(lead_hours) / 24 AS first_day,
          max(CASE WHEN last_differ IS NULL OR issued_at > last_differ THEN lead_hours END) / 24
            AS locked_day
        FROM x GROUP BY city_id, source, model, valid_at HAVING count(*) >= 2)
      SELECT c.name AS city, v.source, v.model, count(*) AS n,
        \(shares.joined(separator: ",\n  "))
      FROM v JOIN cities AS c ON c.id = v.city_id
      GROUP BY v.city_id, v.source, v.model ORDER BY c.name, v.source, v.model
      """
  }

  /// `verify --lagged 3`: the mean of the newest three issues of each valid time with three or
  /// more, and the newest alone, against the observation, by lead day of the newest.
  static let lagged = """
    WITH s AS (
      SELECT f.city_id, f.source, f.model, f.valid_at, f.temperature_2m AS value, f.lead_hours,
        row_number() OVER (\(newestFirst)) AS k,
        count(*) OVER (PARTITION BY f.city_id, f.source, f.model, f.valid_at) AS issues
      FROM hourly_forecasts AS f WHERE \(collected("temperature_2m"))),
    m AS (
      SELECT city_id, source, valid_at, avg(value) AS mean,
        max(CASE WHEN k = 1 THEN value END) AS latest,
        max(CASE WHEN k = 1 THEN lead_hours END) / 24 AS lead_day
      FROM s WHERE k <= 3 AND issues >= 3 GROUP BY city_id, source, model, valid_at)
    SELECT m.source, m.lead_day, count(*) AS n, avg(m.mean - o.temperature_2m) AS bias,
      avg(abs(m.mean - o.temperature_2m)) AS mae,
      sqrt(avg((m.mean - o.temperature_2m) * (m.mean - o.temperature_2m))) AS rmse,
      avg(abs(m.latest - o.temperature_2m)) AS latest_mae,
      sqrt(avg((m.latest - o.temperature_2m) * (m.latest - o.temperature_2m))) AS latest_rmse,
      avg(m.latest - o.temperature_2m) AS latest_bias
    FROM m JOIN hourly_observations AS o
      ON o.city_id = m.city_id AND o.source = \(FetchSource.era5.sqlLiteral) AND o.valid_at = m.valid_at
    WHERE o.temperature_2m IS NOT NULL
    GROUP BY m.source, m.lead_day ORDER BY m.source, m.lead_day
    """

  /// `verify --jumpiness --revision-bins 0.2,0.4,0.7,1.1`: the newest issue's last revision and
  /// error, scored per revision bin.
  static let jumpiness = """
    WITH s AS (
      SELECT f.city_id, f.source, f.valid_at, f.temperature_2m AS value,
        row_number() OVER (\(newestFirst)) AS k,
        lead(f.temperature_2m) OVER (\(newestFirst)) AS before
      FROM hourly_forecasts AS f WHERE \(collected("temperature_2m"))),
    j AS (
      SELECT s.source, abs(s.value - s.before) AS revision, s.value - o.temperature_2m AS error
      FROM s JOIN hourly_observations AS o
        ON o.city_id = s.city_id AND o.source = \(FetchSource.era5.sqlLiteral) AND o.valid_at = s.valid_at
      WHERE s.k = 1 AND s.before IS NOT NULL AND o.temperature_2m IS NOT NULL)
    SELECT source, CASE WHEN revision < 0.2 THEN 0 WHEN revision < 0.4 THEN 1
        WHEN revision < 0.7 THEN 2 WHEN revision < 1.1 THEN 3 ELSE 4 END AS bin,
      count(*) AS n, avg(revision) AS mean_revision, avg(error) AS bias, avg(abs(error)) AS mae,
      sqrt(avg(error * error)) AS rmse
    FROM j GROUP BY source, bin ORDER BY source, bin
    """

  /// `archive audit --var temperature_2m --model best_match`: each Previous Runs value of lead
  /// day N beside the newest collected issue whose lead lies in [24·N, 24·N + 24).
  static let audit = """
    WITH served AS MATERIALIZED (
      SELECT f.city_id, f.model, f.valid_at, f.lead_hours / 24 AS lead_day,
        f.temperature_2m AS value,
        row_number() OVER (PARTITION BY f.city_id, f.model, f.valid_at, f.lead_hours / 24
          ORDER BY f.issued_at DESC, f.fetch_id DESC) AS newest
      FROM hourly_forecasts AS f
      WHERE \(collected("temperature_2m")) AND f.model = '\(ModelName.bestMatch)')
    SELECT d.model, d.lead_hours / 24 AS lead_day, count(*) AS n,
      avg(abs(d.temperature_2m - s.value)) AS mean_abs_diff,
      max(abs(d.temperature_2m - s.value)) AS max_abs_diff
    FROM hourly_forecasts AS d CROSS JOIN served AS s
      ON s.city_id = d.city_id AND s.model = d.model AND s.valid_at = d.valid_at
      AND s.lead_day = d.lead_hours / 24 AND s.newest = 1
    WHERE d.source = \(FetchSource.previousRuns.sqlLiteral) AND d.model = '\(ModelName.bestMatch)' AND d.temperature_2m IS NOT NULL
    GROUP BY d.model, lead_day ORDER BY d.model, lead_day
    """

  /// What `archive changes` reads: the daily mean absolute error of each city, model and lead
  /// day against the observations (its CUSUM and Diebold–Mariano tests are not SQL).
  static let dailyErrors = """
    SELECT f.city_id, f.model, f.lead_hours / 24 AS lead_day, f.valid_date,
      avg(abs(f.temperature_2m - o.temperature_2m)) AS mae, count(*) AS n
    FROM hourly_forecasts AS f JOIN hourly_observations AS o
      ON o.city_id = f.city_id AND o.source = \(FetchSource.era5.sqlLiteral) AND o.valid_at = f.valid_at
    WHERE \(collected("temperature_2m")) AND o.temperature_2m IS NOT NULL
    GROUP BY f.city_id, f.model, lead_day, f.valid_date
    ORDER BY f.city_id, f.model, lead_day, f.valid_date
    """
}

extension Benchmark {
  /// The analyses, our commands and the columns compared.
  static var archiveCases: [ArchiveCase] {
    let forecasts = ["--source", FetchSource.forecast.rawValue]
    let exact = 1e-9
    return [
      ArchiveCase(
        name: "archive audit",
        arguments: ["archive", "audit", "--var", "temperature_2m", "--model", ModelName.bestMatch],
        sql: BenchQueries.audit, compared: ["n": 0, "mean_abs_diff": 5e-4, "max_abs_diff": 5e-4]),
      ArchiveCase(
        name: "archive lock-in",
        arguments: ["archive", "lock-in", "--var", "precipitation", "--threshold", "0.1"]
          + forecasts,
        sql: BenchQueries.lockIn(days: 16),
        compared: Dictionary(
          uniqueKeysWithValues: [("n", 0.0)] + (0..<16).map { ("locked_d\($0)", 5e-4) })),
      ArchiveCase(
        name: "archive changes",
        arguments: [
          "archive", "changes", "--var", "temperature_2m", "--obs", FetchSource.era5.rawValue,
        ] + forecasts,
        sql: BenchQueries.dailyErrors, compared: [:]),
      ArchiveCase(
        name: "verify --lagged 3",
        arguments: ["verify", "--lagged", "3", "--obs", FetchSource.era5.rawValue] + forecasts,
        sql: BenchQueries.lagged,
        compared: [
          "n": 0, "bias": exact, "mae": exact, "rmse": exact, "latest_mae": exact,
          "latest_rmse": exact, "latest_bias": exact,
        ]),
      ArchiveCase(
        name: "verify --jumpiness",
        arguments: [
          "verify", "--jumpiness", "--revision-bins", "0.2,0.4,0.7,1.1", "--obs",
          FetchSource.era5.rawValue,
        ]
          + forecasts,
        sql: BenchQueries.jumpiness,
        compared: ["n": 0, "mean_revision": exact, "bias": exact, "mae": exact, "rmse": exact]),
    ]
  }
}
