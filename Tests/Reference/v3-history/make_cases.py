"""Records what the build before `forecast_hours` (schema version 3, commit f0d6d85) prints
for the cases ForecastHoursMigrationTests replays on history.sqlite after migrating it.

history.sqlite was made by that build: `skycast demo` (the demo's history), trimmed with the
sqlite3 shell (cities 6 and 7 emptied, Alpenau cut to two collected runs and a week, the
ensemble rows dropped), then `city add` Kathmandu (UTC+5:45) and St. John's (UTC-3:30, with a DST
change on 2026-03-08), `import forecasts` of two models (source station, some empty cells) and
`import observations` (source wx) for them and Copenhagen, two issue days kept, VACUUM.

Run with B pointing at that build's skycast; outputs up to 16 kB are kept whole (expected/),
larger ones as SHA-256 and line count (export of the full history: of its sorted lines).

Cases 25, 27, 28 and 30 (`verify` over a source that holds two models) were re-recorded with
the build that stopped pooling models (a `model` column, one row per model); that build's
output is in expected/, and what the schema-3 build printed is kept in expected/pooled/,
which the test checks the per-model rows against (n, bias, mae and rmse pooled by n).
"""
import json, subprocess, shutil, os
B="/tmp/lean-before/.build/release/skycast"
readme_sql = [
 # README "The database" example
 """SELECT f.lead_hours / 24 AS lead_day, count(*) AS n,
       avg(abs(f.temperature_2m - o.temperature_2m)) AS mae
FROM hourly_forecasts f
JOIN hourly_observations o ON o.city_id = f.city_id AND o.source = 'era5' AND o.valid_at = f.valid_at
WHERE f.source = 'forecast' AND f.lead_hours >= 0
GROUP BY lead_day ORDER BY lead_day""",
 "SELECT valid_date, max(feels_like_bom(temperature_2m, relative_humidity_2m, wind_speed_10m)) AS max_feels_like FROM hourly_forecasts_latest GROUP BY valid_date ORDER BY valid_date DESC LIMIT 5",
 "SELECT city, count(*) FROM hourly_forecasts_named GROUP BY city",
 "SELECT lead_hours, avg(temperature_2m) FROM hourly_forecasts GROUP BY 1",
 "SELECT * FROM hourly_forecasts ORDER BY fetch_id, city_id, model, issued_at, valid_at",
 "SELECT * FROM hourly_forecasts_named ORDER BY fetch_id, city_id, model, issued_at, valid_at",
 # Schema 9 appends `city` to the latest view: the columns the old build printed, by name.
 "SELECT fetch_id, city_id, source, model, issued_at, valid_at, valid_date, valid_hour, lead_hours, temperature_2m, relative_humidity_2m, dew_point_2m, apparent_temperature, precipitation_probability, precipitation, rain, showers, snowfall, weather_code, cloud_cover, pressure_msl, wind_speed_10m, wind_direction_10m, wind_gusts_10m, uv_index, is_day, issue_rank FROM hourly_forecasts_latest ORDER BY city_id, source, model, valid_at",
 "SELECT valid_date, valid_hour, count(*), sum(temperature_2m) FROM hourly_forecasts GROUP BY 1, 2 ORDER BY 1, 2",
]
cases=[]
for q in readme_sql: cases.append(["sql", q, "--format", "csv"])
for r in ["daily-summary","data-completeness","fetch-log","forecast-error-by-lead-day","hourly-table","model-comparison"]:
  cases.append(["report", r, "--format", "csv"])
  extra = ["--param", "obs=wx"] if r in ["data-completeness","forecast-error-by-lead-day","model-comparison"] else []
  cases.append(["report", r, "--city", "Kathmandu", "--from", "2026-03-07", "--to", "2026-03-08"] + extra + ["--format", "csv"])
cases += [
 ["export","hourly","--format","csv"],
 ["export","hourly","--latest","--format","csv"],
 ["export","hourly","--city","St. John's","--from","2026-03-08","--to","2026-03-09","--format","csv"],
 ["export","hourly","--source","station","--model","beta","--excel","--format","csv"],
 ["export","hourly","--latest","--source","station","--model","alpha","--format","json"],
 ["verify","--obs","wx","--by","lead","--format","csv"],
 ["verify","--obs","wx","--source","station","--by","model,month,valid-hour","--format","csv"],
 ["verify","--obs","wx","--from","2026-03-07","--to","2026-03-08","--by","city,source","--format","csv"],
 ["verify","--obs","synthetic","--by","lead-day","--format","csv"],
 ["verify","--obs","wx","--var","precipitation","--threshold","0.1","--op","gt","--by","model","--format","csv"],
 ["verify","--obs","wx","--by","lead","--skill","persistence","--format","csv"],
 ["spark","--city","Alpenau","--from","2026-06-29","--to","2026-07-03"],
 ["spark","--city","Copenhagen","--from","2026-07-26","--to","2026-07-30"],
 ["summary","feels-like","--city","Alpenau","--from","2026-06-29","--to","2026-07-03","--format","csv"],
 ["summary","uv","--city","Copenhagen","--from","2026-07-26","--to","2026-07-30","--format","csv"],
]
out=[]
for i,c in enumerate(cases):
  shutil.copy("fix.sqlite","run.sqlite")
  for s in ["-wal","-shm"]:
    if os.path.exists("run.sqlite"+s): os.remove("run.sqlite"+s)
  p=subprocess.run([B]+c+["--db","run.sqlite"],capture_output=True,env={"PATH":"/usr/bin:/bin","HOME":"/tmp/lean","NO_COLOR":"1"})
  import hashlib
  sort = c[0]=="export" and c[1]=="hourly" and "--latest" not in c
  entry={"arguments":c,"exitCode":p.returncode,"sortLines":sort}
  stdout = p.stdout.decode("utf-8")
  if len(p.stdout) <= 16000:
    name=f"{i:02d}.txt"
    open("ref/expected/"+name,"wb").write(p.stdout)
    entry["stdout"]=name
  else:
    lines=stdout.split("\n")
    text = "\n".join([lines[0]]+sorted(lines[1:])) if sort else stdout
    entry["sha256"]=hashlib.sha256(text.encode()).hexdigest()
    entry["lines"]=len(lines)
  out.append(entry)
  print(i, p.returncode, len(p.stdout))
json.dump(out, open("ref/cases.json","w"), indent=1, ensure_ascii=False)
