-- name: data-completeness
-- description: Per city and local date: fetches made, failed (with reasons), forecast and observed hours stored — the gaps a methods chapter reports.
-- parameters: :city_id, :from, :to, :obs = era5
--
-- One row per saved city and local date from :from to :to (left out: the first and last
-- dates stored). Fetches count on the local date they were requested (requested_at shifted
-- by the response's utc_offset_seconds; a failed fetch without a response uses the city's
-- latest known offset). forecast_hours: distinct valid hours of the date covered by any
-- stored forecast (source forecast, lead >= 0), forecast_issues: distinct issue times among
-- them. observed_hours: hourly observations of source :obs (default era5) with their
-- temperature and precipitation present; observed_daily: 1 when a daily observation row
-- exists. A complete local day has 24 hours (23 or 25 on a daylight-saving change).
-- Plain SQL: also runs in the sqlite3 shell.
WITH RECURSIVE
  bounds(first, last) AS (
    SELECT
      coalesce(:from,
        (SELECT min(d) FROM (
          SELECT min(valid_date) AS d FROM hourly_forecasts
          UNION ALL SELECT min(valid_date) FROM hourly_observations
          UNION ALL SELECT min(date) FROM daily_observations)),
        date('now')),
      coalesce(:to,
        (SELECT max(d) FROM (
          SELECT max(valid_date) AS d FROM hourly_forecasts
          UNION ALL SELECT max(valid_date) FROM hourly_observations
          UNION ALL SELECT max(date) FROM daily_observations)),
        date('now'))
  ),
  days(date) AS (
    SELECT first FROM bounds
    UNION ALL
    SELECT date(days.date, '+1 day') FROM days, bounds WHERE days.date < bounds.last
  ),
  fetch_days AS (
    SELECT
      f.city_id,
      date(f.requested_at + coalesce(f.utc_offset_seconds,
        (SELECT g.utc_offset_seconds FROM fetches g
          WHERE g.city_id = f.city_id AND g.utc_offset_seconds IS NOT NULL
          ORDER BY g.requested_at DESC LIMIT 1), 0), 'unixepoch') AS date,
      f.status,
      CASE WHEN f.status = 'failed' THEN
        f.source || ' ' || coalesce('HTTP ' || f.http_status || ' ', '') || coalesce(f.error, '')
      END AS failure
    FROM fetches f
    WHERE :city_id IS NULL OR f.city_id = :city_id
  ),
  fetch_counts AS (
    SELECT city_id, date, count(*) AS fetches, sum(status = 'ok') AS ok,
      sum(status = 'failed') AS failed, group_concat(DISTINCT failure) AS failures
    FROM fetch_days GROUP BY city_id, date
  ),
  forecast_hours AS (
    SELECT city_id, valid_date AS date, count(DISTINCT valid_at) AS hours,
      count(DISTINCT issued_at) AS issues
    FROM hourly_forecasts
    WHERE source = 'forecast' AND lead_hours >= 0
      AND (:city_id IS NULL OR city_id = :city_id)
    GROUP BY city_id, valid_date
  ),
  observed_hours AS (
    SELECT city_id, valid_date AS date, count(*) AS hours,
      count(temperature_2m) AS temperature_hours, count(precipitation) AS precipitation_hours
    FROM hourly_observations
    WHERE source = :obs AND (:city_id IS NULL OR city_id = :city_id)
    GROUP BY city_id, valid_date
  )
SELECT
  c.name AS city,
  d.date,
  coalesce(fc.fetches, 0) AS fetches,
  coalesce(fc.ok, 0) AS fetches_ok,
  coalesce(fc.failed, 0) AS fetches_failed,
  fc.failures,
  coalesce(fh.hours, 0) AS forecast_hours,
  coalesce(fh.issues, 0) AS forecast_issues,
  coalesce(oh.hours, 0) AS observed_hours,
  coalesce(oh.temperature_hours, 0) AS observed_temperature_hours,
  coalesce(oh.precipitation_hours, 0) AS observed_precipitation_hours,
  EXISTS (
    SELECT 1 FROM daily_observations o
    WHERE o.city_id = c.id AND o.source = :obs AND o.date = d.date
  ) AS observed_daily
FROM cities c
CROSS JOIN days d
LEFT JOIN fetch_counts fc ON fc.city_id = c.id AND fc.date = d.date
LEFT JOIN forecast_hours fh ON fh.city_id = c.id AND fh.date = d.date
LEFT JOIN observed_hours oh ON oh.city_id = c.id AND oh.date = d.date
WHERE :city_id IS NULL OR c.id = :city_id
ORDER BY c.name, c.id, d.date;
