-- name: data-completeness
-- description: Per city and local date: fetches made, failed (with reasons), forecast and observed hours stored — the gaps a methods chapter reports.
-- parameters: :city_id, :from, :to, :obs = null
--
-- One row per saved city and local date from :from to :to; without them, from the city's own
-- first to its last date with a fetch, forecast or observation, so a city added last week does
-- not list months of empty days. Fetches count on the local date they were requested (requested_at
-- shifted by the response's utc_offset_seconds; a failed fetch without a response uses the
-- city's latest known offset). forecast_hours: distinct valid hours of the date covered by any
-- stored forecast (source forecast, lead >= 0), forecast_issues: distinct issue times among
-- them. observed_hours: hourly observations of source observed_source with their temperature
-- and precipitation present; observed_daily: 1 when a daily observation row exists.
-- observed_source is :obs when given, else era5 when the city has it, else the city's source
-- with the most hourly observations (station or import data). A complete local day has 24
-- hours (23 or 25 on a daylight-saving change).
-- Plain SQL: also runs in the sqlite3 shell.
WITH RECURSIVE
  spans(city_id, first, last, obs) AS (
    SELECT
      c.id,
      coalesce(:from,
        (SELECT min(d) FROM (
          SELECT min(valid_date) AS d FROM hourly_forecasts WHERE city_id = c.id
          UNION ALL SELECT min(valid_date) FROM hourly_observations WHERE city_id = c.id
          UNION ALL SELECT min(date) FROM daily_observations WHERE city_id = c.id
          UNION ALL SELECT min(date(requested_at + coalesce(utc_offset_seconds, 0), 'unixepoch'))
            FROM fetches WHERE city_id = c.id)),
        date('now')),
      coalesce(:to,
        (SELECT max(d) FROM (
          SELECT max(valid_date) AS d FROM hourly_forecasts WHERE city_id = c.id
          UNION ALL SELECT max(valid_date) FROM hourly_observations WHERE city_id = c.id
          UNION ALL SELECT max(date) FROM daily_observations WHERE city_id = c.id
          UNION ALL SELECT max(date(requested_at + coalesce(utc_offset_seconds, 0), 'unixepoch'))
            FROM fetches WHERE city_id = c.id)),
        date('now')),
      coalesce(:obs,
        (SELECT 'era5' FROM hourly_observations
          WHERE city_id = c.id AND source = 'era5' LIMIT 1),
        (SELECT source FROM hourly_observations WHERE city_id = c.id
          GROUP BY source ORDER BY count(*) DESC, source LIMIT 1),
        (SELECT source FROM daily_observations WHERE city_id = c.id
          GROUP BY source ORDER BY count(*) DESC, source LIMIT 1),
        'era5')
    FROM cities c
    WHERE :city_id IS NULL OR c.id = :city_id
  ),
  days(city_id, date) AS (
    SELECT city_id, first FROM spans
    UNION ALL
    SELECT days.city_id, date(days.date, '+1 day') FROM days
    JOIN spans ON spans.city_id = days.city_id
    WHERE days.date < spans.last
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
    SELECT o.city_id, o.valid_date AS date, count(*) AS hours,
      count(o.temperature_2m) AS temperature_hours, count(o.precipitation) AS precipitation_hours
    FROM hourly_observations o
    JOIN spans s ON s.city_id = o.city_id AND o.source = s.obs
    GROUP BY o.city_id, o.valid_date
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
  s.obs AS observed_source,
  coalesce(oh.hours, 0) AS observed_hours,
  coalesce(oh.temperature_hours, 0) AS observed_temperature_hours,
  coalesce(oh.precipitation_hours, 0) AS observed_precipitation_hours,
  EXISTS (
    SELECT 1 FROM daily_observations o
    WHERE o.city_id = c.id AND o.source = s.obs AND o.date = d.date
  ) AS observed_daily
FROM days d
JOIN cities c ON c.id = d.city_id
JOIN spans s ON s.city_id = d.city_id
LEFT JOIN fetch_counts fc ON fc.city_id = c.id AND fc.date = d.date
LEFT JOIN forecast_hours fh ON fh.city_id = c.id AND fh.date = d.date
LEFT JOIN observed_hours oh ON oh.city_id = c.id AND oh.date = d.date
ORDER BY c.name, c.id, d.date;
