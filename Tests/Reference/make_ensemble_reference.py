#!/usr/bin/env python3
"""Reference vectors for `verify --ensemble` and the ens_* SQL functions, from the real `scores`
package (versions are written into the output).

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install scores
    /tmp/venv/bin/python Tests/Reference/make_ensemble_reference.py > Tests/Reference/ensemble-reference.json

`--check FILE` recomputes everything and exits 1 when FILE differs by more than 1e-9.
Data come from a fixed NumPy seed. Values are rounded to Float32 so that they survive Skycast's
packed Float32 storage unchanged; observations never equal a member (no ties), since scores
shares a tied rank equally where Skycast draws it at random.

- crps: scores.probability.crps_for_ensemble, method "ecdf" and "fair", per case and pooled.
- rank histogram: scores.probability.rank_histogram (relative frequencies, M + 1 ranks); cases
  with a missing member are left out by scores, as by Skycast (a group's most common count).
- spread, spread_skill: scores has no spread–skill function; computed here with NumPy from the
  definitions (√ of the mean member variance with ddof 1; √((M+1)/M) · spread / RMSE of the
  ensemble mean, Fortin et al. 2014).
"""
import json
import sys
import warnings
from importlib.metadata import version

import numpy as np
import xarray as xr
from scores.probability import crps_for_ensemble, rank_histogram

rng = np.random.default_rng(20261201)
warnings.filterwarnings("ignore")


def f32(x):
    return np.asarray(x, dtype=np.float32).astype(np.float64)


def make_set(name, cases, members, bias, sd, missing):
    truth = rng.normal(10, 3, cases)
    obs = f32(truth + rng.normal(0, 1.0, cases))
    fcst = f32(truth[:, None] + bias + rng.normal(0, sd, (cases, members)))
    for i in range(missing):
        fcst[i * 3, (i * 7) % members] = np.nan
    assert not np.any(fcst == obs[:, None])
    f = xr.DataArray(fcst, dims=["case", "member"])
    o = xr.DataArray(obs, dims=["case"])
    ecdf = crps_for_ensemble(f, o, "member", method="ecdf", preserve_dims="case")
    fair = crps_for_ensemble(f, o, "member", method="fair", preserve_dims="case")
    hist = rank_histogram(f, o, "member")
    mean = np.nanmean(fcst, axis=1)
    error = mean - obs
    variance = np.nanvar(fcst, axis=1, ddof=1)
    m = np.mean(np.sum(~np.isnan(fcst), axis=1))
    rmse = float(np.sqrt(np.mean(error**2)))
    spread = float(np.sqrt(np.mean(variance)))
    return {
        "name": name,
        "members": [[None if np.isnan(v) else float(v) for v in row] for row in fcst],
        "obs": [float(v) for v in obs],
        "crps_ecdf": [float(v) for v in ecdf.values],
        "crps_fair": [float(v) for v in fair.values],
        "mean_crps_ecdf": float(crps_for_ensemble(f, o, "member", method="ecdf")),
        "mean_crps_fair": float(crps_for_ensemble(f, o, "member", method="fair")),
        "rank_histogram": [float(v) for v in hist.values],
        "bias": float(np.mean(error)),
        "mae": float(np.mean(np.abs(error))),
        "rmse": rmse,
        "mean_members": float(m),
        "spread": spread,
        "spread_skill": float(np.sqrt((m + 1) / m) * spread / rmse),
    }


def build():
    return {
        "generator": "Tests/Reference/make_ensemble_reference.py",
        "versions": {name: version(name) for name in ["scores", "numpy", "xarray"]},
        "sets": [
            make_set("51 members, under-dispersive", 150, 51, 0.4, 0.6, 0),
            make_set("31 members, over-dispersive, some missing", 90, 31, -0.2, 1.5, 8),
            make_set("5 members, calibrated", 60, 5, 0.0, 1.0, 0),
        ],
    }


def close(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a if k != "versions")
    if isinstance(a, list):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-9 * max(1, abs(a))
    return a == b


if __name__ == "__main__":
    result = build()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2]) as f:
            stored = json.load(f)
        if not close(result, stored):
            print("ensemble reference vectors differ from " + sys.argv[2], file=sys.stderr)
            sys.exit(1)
        print("ensemble reference vectors match (scores %s)" % result["versions"]["scores"])
    else:
        json.dump(result, sys.stdout, indent=1)
        sys.stdout.write("\n")
