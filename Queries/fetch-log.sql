-- name: fetch-log
-- description: The fetch log with its provenance: request and issue time, source, model, status, HTTP status, error, URL (never the key), grid cell, size and SHA-256.
-- parameters: :city_id, :from, :to
--
-- One row per fetch, oldest first. :from and :to filter the local date of the request
-- (requested_at shifted by the response's utc_offset_seconds; UTC when unknown). Failed
-- fetches have status 'failed', the HTTP status and the reason, and stored no rows.
-- Plain SQL: also runs in the sqlite3 shell.
SELECT
  f.id AS fetch_id,
  c.name AS city,
  f.source,
  f.model,
  strftime('%Y-%m-%dT%H:%M:%SZ', f.requested_at, 'unixepoch') AS requested_utc,
  strftime('%Y-%m-%dT%H:%MZ', f.issued_at, 'unixepoch') AS issued_utc,
  f.status,
  f.http_status,
  f.error,
  f.rows,
  f.bytes,
  f.call_weight,
  f.utc_offset_seconds,
  f.grid_latitude,
  f.grid_longitude,
  f.grid_elevation,
  f.url,
  f.body_sha256
FROM fetches f
LEFT JOIN cities c ON c.id = f.city_id
WHERE (:city_id IS NULL OR f.city_id = :city_id)
  AND (:from IS NULL
    OR date(f.requested_at + coalesce(f.utc_offset_seconds, 0), 'unixepoch') >= :from)
  AND (:to IS NULL
    OR date(f.requested_at + coalesce(f.utc_offset_seconds, 0), 'unixepoch') <= :to)
ORDER BY f.requested_at, f.id;
