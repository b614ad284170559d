-- name: model-comparison
-- description: Each forecast model against observations per city (leads under :lead_days days): temperature bias/MAE/RMSE, wind and precipitation MAE.
-- parameters: :city_id, :from, :to, :obs = era5, :lead_days = 3
--
-- For `collect --models a,b` histories: pairs each hourly forecast with 0 <= lead_hours <
-- 24 * :lead_days (default 3 days) with the observation of the same city and valid time from
-- source :obs (default era5). Each variable counts its own pairs (n_*: both sides present).
-- Models forecast different hours only if their fetches differ; compare n before comparing
-- scores. Scores are pooled and not rounded.
-- Plain SQL (sqrt is one of SQLite's built-in math functions): also runs in the sqlite3 shell.
SELECT
  c.name AS city,
  f.source,
  f.model,
  count(f.temperature_2m - o.temperature_2m) AS n_temperature,
  avg(f.temperature_2m - o.temperature_2m) AS temperature_bias,
  avg(abs(f.temperature_2m - o.temperature_2m)) AS temperature_mae,
  sqrt(avg((f.temperature_2m - o.temperature_2m) * (f.temperature_2m - o.temperature_2m)))
    AS temperature_rmse,
  count(f.wind_speed_10m - o.wind_speed_10m) AS n_wind_speed,
  avg(abs(f.wind_speed_10m - o.wind_speed_10m)) AS wind_speed_mae,
  count(f.precipitation - o.precipitation) AS n_precipitation,
  avg(abs(f.precipitation - o.precipitation)) AS precipitation_mae
FROM hourly_forecasts f
JOIN hourly_observations o
  ON o.city_id = f.city_id AND o.source = :obs AND o.valid_at = f.valid_at
JOIN cities c ON c.id = f.city_id
WHERE f.lead_hours >= 0 AND f.lead_hours < 24 * :lead_days
  AND (:city_id IS NULL OR f.city_id = :city_id)
  AND (:from IS NULL OR f.valid_date >= :from)
  AND (:to IS NULL OR f.valid_date <= :to)
GROUP BY f.city_id, f.source, f.model
ORDER BY c.name, f.city_id, f.source, f.model;
