-- name: daily-summary
-- description: Daily weather per city and local date from the latest forecasts: temperature, feels-like (BoM), precipitation, wind and UV.
-- parameters: :city_id, :from, :to
--
-- Series: for each city and valid time, the most recently issued forecast with lead >= 0
-- (source forecast, model best_match: the hourly_forecasts_latest view), as `summary
-- --series forecast` reads it. `hours` counts the hours stored for the day (24; 23 or 25 on a
-- daylight-saving change). Values are rounded to each variable's precision.
-- :city_id, :from and :to may be left out (NULL = no filter).
-- Uses Skycast SQL functions (feels_like_bom, uv_category): run it with `skycast report`.
SELECT
  c.name AS city,
  f.valid_date AS date,
  count(*) AS hours,
  round(min(f.temperature_2m), 1) AS temperature_min,
  round(max(f.temperature_2m), 1) AS temperature_max,
  round(avg(f.temperature_2m), 1) AS temperature_mean,
  round(min(feels_like_bom(f.temperature_2m, f.relative_humidity_2m, f.wind_speed_10m)), 1)
    AS feels_like_bom_min,
  round(max(feels_like_bom(f.temperature_2m, f.relative_humidity_2m, f.wind_speed_10m)), 1)
    AS feels_like_bom_max,
  round(sum(f.precipitation), 1) AS precipitation_mm,
  CAST(round(max(f.precipitation_probability)) AS INTEGER) AS precipitation_probability_max,
  round(max(f.wind_speed_10m), 1) AS wind_speed_max,
  round(max(f.wind_gusts_10m), 1) AS wind_gusts_max,
  round(max(f.uv_index), 2) AS uv_index_max,
  uv_category(max(f.uv_index)) AS uv_category
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
GROUP BY f.city_id, f.valid_date
ORDER BY c.name, f.city_id, f.valid_date;
