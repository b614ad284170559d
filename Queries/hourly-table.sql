-- name: hourly-table
-- description: Hourly latest-forecast values for a city and date range, with local date and hour, UTC valid and issue times, and lead.
-- parameters: :city_id, :from, :to
--
-- One row per city and valid time: the most recently issued forecast with lead >= 0 (source
-- forecast, model best_match; the hourly_forecasts_latest view). Values as stored, in
-- canonical units (°C, %, mm, hPa, km/h, °). :city_id, :from and :to may be left out.
-- Plain SQL: also runs in the sqlite3 shell (.parameter set :from "'2026-03-01'" …).
SELECT
  c.name AS city,
  f.valid_date AS date,
  f.valid_hour AS hour,
  strftime('%Y-%m-%dT%H:%MZ', f.valid_at, 'unixepoch') AS valid_utc,
  strftime('%Y-%m-%dT%H:%MZ', f.issued_at, 'unixepoch') AS issued_utc,
  f.lead_hours,
  f.temperature_2m,
  f.relative_humidity_2m,
  f.dew_point_2m,
  f.apparent_temperature,
  f.precipitation,
  f.precipitation_probability,
  f.weather_code,
  f.cloud_cover,
  f.pressure_msl,
  f.wind_speed_10m,
  f.wind_direction_10m,
  f.wind_gusts_10m,
  f.uv_index,
  f.is_day
FROM hourly_forecasts_latest f
JOIN cities c ON c.id = f.city_id
WHERE f.source = 'forecast' AND f.model = 'best_match'
  AND (:city_id IS NULL OR f.city_id = :city_id)
  -- Bounds on valid_at two days wider than the dates: SQLite pushes them into the view, so
  -- only the range is ranked by issue time (the dates below decide).
  AND (:from IS NULL OR f.valid_at >= CAST(strftime('%s', :from) AS INTEGER) - 172800)
  AND (:to IS NULL OR f.valid_at < CAST(strftime('%s', :to) AS INTEGER) + 259200)
  AND (:from IS NULL OR f.valid_date >= :from)
  AND (:to IS NULL OR f.valid_date <= :to)
ORDER BY c.name, f.city_id, f.valid_at;
