#!/usr/bin/env python3
"""Writes Samples/open-meteo/derived-ensemble-berlin-copenhagen-icon-gefs.json.

Derived, not a recording: an Ensemble API (/v1/ensemble) body in the layout Open-Meteo's server
writes (open-meteo/open-meteo Sources/App/Helper/Writer/ForecastApiResult.swift,
toApiSectionString: the control is `temperature_2m`, member k is `temperature_2m_memberNN`, and with
several models every key ends in `_<model>`), built from two recorded forecast responses in this
folder. See Samples/README.md for the recipe. Run it from the repository root; the output is
deterministic.
"""
import json

BERLIN = "Samples/open-meteo/forecast-berlin-hourly-daily-sunrise-1day.json"
COPENHAGEN = "Samples/open-meteo/forecast-copenhagen-current-hourly-daily-ms.json"
OUT = "Samples/open-meteo/derived-ensemble-berlin-copenhagen-icon-gefs.json"
# Member counts from the server source: IconDomains.iconEps 40 (no separate control: member 0 is
# the first of 40), GfsDomain.gfs025_ens 30 + 1.
MODELS = [("dwd_icon_seamless_eps", 40), ("ncep_gefs025", 31)]
NULL_MEMBER = ("ncep_gefs025", 7, 0)  # model, member, location index: all null


def r1(x):
    return float(f"{x + 1e-9:.1f}") if x >= 0 else -float(f"{-x + 1e-9:.1f}")


def members(control, n, variable, model_index):
    out = []
    for k in range(n):
        # A fixed, symmetric spread around the recorded value, wider for the second model.
        offset = (k - (n - 1) / 2) / n
        series = []
        for h, value in enumerate(control):
            if variable == "temperature_2m":
                series.append(r1(value + offset * (1.5 + 0.5 * model_index) * (1 + h / 24)))
            elif variable == "precipitation":
                series.append(max(0.0, r1(value * (1 + offset) + (0.1 if (k + h) % 9 == 0 else 0))))
            else:
                series.append(max(0.0, r1(value * (1 + 0.4 * offset))))
        out.append(series)
    return out


def location(source, location_id, wind_ms, precip):
    hourly = source["hourly"]
    times = hourly["time"][:24]
    temperature = hourly["temperature_2m"][:24]
    wind = hourly["wind_speed_10m"][:24]
    if not wind_ms:  # the Berlin recording is in km/h; the request asks wind_speed_unit=ms
        wind = [r1(v / 3.6) for v in wind]
    body = {
        "latitude": source["latitude"], "longitude": source["longitude"],
        "generationtime_ms": 1.25, "utc_offset_seconds": source["utc_offset_seconds"],
        "timezone": source["timezone"], "timezone_abbreviation": source["timezone_abbreviation"],
        "elevation": source["elevation"],
    }
    if location_id:
        body = {**body, "location_id": location_id}
    units = {"time": "iso8601"}
    data = {"time": times}
    for model_index, (model, n) in enumerate(MODELS):
        for variable, control, unit in [
            ("temperature_2m", temperature, "°C"), ("precipitation", precip, "mm"),
            ("wind_speed_10m", wind, "m/s"),
        ]:
            for k, series in enumerate(members(control, n, variable, model_index)):
                key = variable + (f"_member{k:02d}" if k else "") + "_" + model
                if (model, k, location_id) == NULL_MEMBER:
                    series = [None] * len(series)
                units[key] = unit
                data[key] = series
    body["hourly_units"] = units
    body["hourly"] = data
    return body


berlin = json.load(open(BERLIN))
copenhagen = json.load(open(COPENHAGEN))
# Copenhagen's recording has no hourly precipitation: it borrows Berlin's 24 recorded values.
precip = berlin["hourly"]["precipitation"][:24]
body = [location(berlin, 0, False, precip), location(copenhagen, 1, True, precip)]
with open(OUT, "w", encoding="utf-8") as f:
    json.dump(body, f, ensure_ascii=False, separators=(",", ":"))
