-- name: forecast-error-by-lead-day
-- description: Bias, MAE and RMSE of hourly 2 m temperature forecasts against observations, per city, source, model and lead day.
-- parameters: :city_id, :from, :to, :obs = era5
--
-- Pairs every stored hourly forecast with lead >= 0 (every issue, not only the latest) with
-- the observation of the same city and valid time from source :obs (default era5); a pair
-- with either side NULL is dropped, and n counts the pairs kept. lead_day = floor(lead_hours
-- / 24). Scores are pooled over all pairs of a group (bias = mean F - O) and not rounded.
-- Sources stay apart: forecast leads count from retrieval, previous-runs leads are nominal
-- (24·N h). :from and :to filter the local valid date.
-- Plain SQL (sqrt is one of SQLite's built-in math functions): also runs in the sqlite3 shell.
SELECT
  c.name AS city,
  f.source,
  f.model,
  f.lead_hours / 24 AS lead_day,
  count(*) AS n,
  avg(f.temperature_2m - o.temperature_2m) AS bias,
  avg(abs(f.temperature_2m - o.temperature_2m)) AS mae,
  sqrt(avg((f.temperature_2m - o.temperature_2m) * (f.temperature_2m - o.temperature_2m)))
    AS rmse
FROM hourly_forecasts f
JOIN hourly_observations o
  ON o.city_id = f.city_id AND o.source = :obs AND o.valid_at = f.valid_at
JOIN cities c ON c.id = f.city_id
WHERE f.lead_hours >= 0
  AND f.temperature_2m IS NOT NULL AND o.temperature_2m IS NOT NULL
  AND (:city_id IS NULL OR f.city_id = :city_id)
  AND (:from IS NULL OR f.valid_date >= :from)
  AND (:to IS NULL OR f.valid_date <= :to)
GROUP BY f.city_id, f.source, f.model, lead_day
ORDER BY c.name, f.city_id, f.source, f.model, lead_day;
