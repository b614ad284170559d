#!/usr/bin/env python3
"""Reference vectors for Skycast's verification statistics, from the real `scores` and `verif`
packages (versions are written into the output).

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install scores verif
    /tmp/venv/bin/python Tests/Reference/make_verification_reference.py > Tests/Reference/verification-reference.json

`--check FILE` recomputes everything and exits 1 when FILE differs by more than 1e-9.
Data are generated here from a fixed NumPy seed, so the output is the same on every run.
"""
import json
import warnings
import sys
from importlib.metadata import version

import numpy as np
import scipy.special
import scipy.stats
import xarray as xr
from scores.categorical import BinaryContingencyManager
from scores.continuous import percent_within_x
from scores.continuous.correlation import spearmanr
from scores.probability import brier_score, relative_economic_value, roc_auc
from scores.stats.statistical_tests import diebold_mariano
import verif.interval
import verif.metric

rng = np.random.default_rng(20260301)
# scores warns about the NaN it drops from the comparison series; that drop is the point.
warnings.filterwarnings("ignore", category=RuntimeWarning)


def ar1(n, phi, mean, sd):
    x = np.empty(n)
    x[0] = rng.normal(0, sd / np.sqrt(1 - phi * phi))
    for t in range(1, n):
        x[t] = phi * x[t - 1] + rng.normal(0, sd)
    return x + mean


def dm(series, h):
    """scores' DM (HLN, Student t) of one series; NaN-free floats or None."""
    da = xr.DataArray([series], dims=["case", "day"], coords={"case": [0], "h": ("case", [h])})
    out = diebold_mariano(da, "case", "h", method="HLN", statistic_distribution="t")
    stat = float(out["dm_test_stat"].values[0])
    n = int(out["timeseries_len"].values[0])
    if not np.isfinite(stat):
        return {"statistic": None, "confidence_gt_0": None, "p_value": None, "n": n,
                "mean": float(out["mean"].values[0])}
    return {
        "statistic": stat,
        "confidence_gt_0": float(out["confidence_gt_0"].values[0]),
        "p_value": float(2 * scipy.stats.t.sf(abs(stat), n - 1)),
        "n": n,
        "mean": float(out["mean"].values[0]),
    }


def dm_cases():
    cases = []
    for n, h, phi, mean in [(12, 1, 0.0, 0.3), (30, 2, 0.4, 0.2), (60, 3, 0.6, -0.1),
                            (200, 1, 0.2, 0.05), (200, 5, 0.7, 0.3), (45, 4, -0.3, 0.0)]:
        series = ar1(n, phi, mean, 1.0).round(6)
        cases.append({"h": h, "series": series.tolist(), **dm(series, h)})
    # A series whose HLN variance estimate is not positive: scores gives NaN.
    series = np.array([1.0, -1, 1, -1, 1, -1, 1, -1, 1, -0.9])
    cases.append({"h": 2, "series": series.tolist(), **dm(series, 2)})
    return cases


def student_t():
    rows = []
    for df in [1, 2, 3, 5, 9, 29, 199]:
        for t in [-12.0, -3.1, -1.5, -0.2, 0.0, 0.7, 1.96, 2.5, 8.0]:
            rows.append({"t": t, "df": df, "cdf": float(scipy.stats.t.cdf(t, df))})
    return rows


def incomplete_beta():
    rows = []
    for a, b in [(0.5, 0.5), (1, 3), (2.5, 0.5), (14.5, 0.5), (30, 40)]:
        for x in [0.001, 0.2, 0.5, 0.77, 0.999]:
            rows.append({"x": x, "a": a, "b": b, "value": float(scipy.special.betainc(a, b, x))})
    return rows


def comparison_history():
    """Daily temperature_2m_max of one city for 60 days: observations and two models' forecasts
    at lead days 0 and 2; model B misses lead 2 on day 17. The expected DM figures per lead day
    come from scores on the daily loss differentials A − B (squared and absolute error)."""
    days = 60
    obs = (10 + 5 * np.sin(np.arange(days) / 9) + rng.normal(0, 2, days)).round(1)
    leads = {}
    for lead, (sa, sb) in {0: (0.8, 1.1), 2: (1.6, 1.7)}.items():
        fa = (obs + ar1(days, 0.5, 0.2, sa)).round(1)
        fb = (obs + ar1(days, 0.5, -0.1, sb)).round(1)
        fb_missing = fb.astype(object)
        if lead == 2:
            fb_missing[17] = None
        expected = {}
        for loss in ["se", "ae"]:
            la = (fa - obs) ** 2 if loss == "se" else np.abs(fa - obs)
            lb = (fb - obs) ** 2 if loss == "se" else np.abs(fb - obs)
            d = la - lb
            if lead == 2:
                d[17] = np.nan
            keep = ~np.isnan(d)
            score = (lambda x: np.sqrt(np.mean(x))) if loss == "se" else np.mean
            expected[loss] = {
                **dm(d, lead + 1),
                "score_a": float(score(la[keep])),
                "score_b": float(score(lb[keep])),
            }
        leads[str(lead)] = {"a": fa.tolist(), "b": fb_missing.tolist(), "expected": expected}
    return {"start": "2026-01-01", "observed": obs.tolist(), "leads": leads}


def probability_set():
    """Hourly precipitation probabilities (whole percent) and observed amounts (mm); the event is
    > 0.1 mm. `binned` has probabilities constant within each 10 % bin, so verif's reliability
    term (which uses each forecast) equals the one of the bin means."""
    n = 400
    percent = rng.integers(0, 101, n)
    percent[percent % 10 == 0] += 1  # keep clear of verif's floating-point bin edges
    percent = np.minimum(percent, 100)
    event = rng.random(n) < (percent / 100) ** 1.3
    amount = np.where(event, rng.gamma(1.2, 1.5, n).round(1) + 0.2, rng.choice([0.0, 0.1], n))
    binned_percent = np.array([5, 15, 25, 35, 45, 55, 65, 75, 85, 95])[np.minimum(percent // 10, 9)]

    def figures(pct):
        p = pct / 100.0
        o = (amount > 0.1).astype(float)
        bs = float(brier_score(xr.DataArray(p), xr.DataArray(o)))
        auc = float(roc_auc(xr.DataArray(p), xr.DataArray(o)))
        return {
            "bs": bs,
            "roc_area": auc,
            "verif_bs": float(verif.metric.Bs().compute_from_obs_fcst(o, p)),
            "rel": float(verif.metric.BsRel().compute_from_obs_fcst(o, p)),
            "res": float(verif.metric.BsRes().compute_from_obs_fcst(o, p)),
            "unc": float(verif.metric.BsUnc().compute_from_obs_fcst(o, p)),
            "bss": float(verif.metric.Bss().compute_from_obs_fcst(o, p)),
        }

    return {
        "percent": percent.tolist(),
        "binned_percent": binned_percent.tolist(),
        "observed": amount.tolist(),
        "raw": figures(percent),
        "binned": figures(binned_percent),
    }


def nan_to_none(x):
    x = float(x)
    return x if np.isfinite(x) else None


def contingency_set():
    """2x2 tables from generated binary forecasts and observations (rare, common and
    degenerate events), with verif 1.4's Kss, Or, YulesQ, Edi and Sedi (`compute_from_abcd`;
    NaN as null) and scores 2.7's peirce_skill_score, odds_ratio, yules_q and
    symmetric_extremal_dependence_index (`BasicContingencyManager`), and scores'
    relative_economic_value of the binary forecasts at several cost/loss ratios."""
    cost_loss = [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 0.98]
    cases = []
    for n, base, hit, false_alarm in [(500, 0.3, 0.7, 0.2), (2000, 0.02, 0.5, 0.01),
                                      (300, 0.1, 0.9, 0.05), (50, 0.5, 0.5, 0.5),
                                      (1000, 0.005, 0.8, 0.002), (40, 0.2, 1.0, 0.0),
                                      (40, 0.2, 0.0, 0.3), (60, 0.25, 1.0, 1.0)]:
        obs = rng.random(n) < base
        fcst = np.where(obs, rng.random(n) < hit, rng.random(n) < false_alarm)
        a = int(np.sum(fcst & obs))
        b = int(np.sum(fcst & ~obs))
        c = int(np.sum(~fcst & obs))
        d = int(np.sum(~fcst & ~obs))
        basic = BinaryContingencyManager(
            xr.DataArray(fcst.astype(float)), xr.DataArray(obs.astype(float))).transform()
        rev = relative_economic_value(
            xr.DataArray(fcst.astype(float)), xr.DataArray(obs.astype(float)),
            cost_loss_ratios=cost_loss)
        cases.append({
            "a": a, "b": b, "c": c, "d": d,
            "verif": {
                "kss": nan_to_none(verif.metric.Kss().compute_from_abcd(a, b, c, d)),
                "odds_ratio": nan_to_none(verif.metric.Or().compute_from_abcd(a, b, c, d)),
                "yules_q": nan_to_none(verif.metric.YulesQ().compute_from_abcd(a, b, c, d)),
                "edi": nan_to_none(verif.metric.Edi().compute_from_abcd(a, b, c, d)),
                "sedi": nan_to_none(verif.metric.Sedi().compute_from_abcd(a, b, c, d)),
            },
            "scores": {
                "kss": nan_to_none(basic.peirce_skill_score()),
                "odds_ratio": nan_to_none(basic.odds_ratio()),
                "yules_q": nan_to_none(basic.yules_q()),
                "sedi": nan_to_none(basic.symmetric_extremal_dependence_index()),
            },
            "cost_loss": cost_loss,
            "economic_value": [nan_to_none(v) for v in rev.values],
        })
    return cases


def distribution_set():
    """Groups of forecasts and observations at 0.1 resolution (so errors tie and fall on the
    bounds), with numpy's linear percentile of F - O, scipy's median_abs_deviation (scale 1;
    neither verif nor scores has a MAD), scores 2.7's spearmanr and percent_within_x
    (inclusive, errors rounded to 10 decimals, as Skycast compares) and verif 1.4's RankCorr.
    (verif's Within compares the unrounded |F - O|, so 1.3 - 0.3 falls outside 1.)"""
    bounds = [0.5, 1.0, 2.0]
    groups = []
    for n, sd, bias in [(7, 1.0, 0.2), (50, 2.0, -0.5), (333, 1.2, 0.0), (2, 1.0, 0.0),
                        (1000, 3.0, 1.0)]:
        obs = (10 + rng.normal(0, 4, n)).round(1)
        fcst = (obs + bias + rng.normal(0, sd, n)).round(1)
        error = fcst - obs
        f, o = xr.DataArray(fcst), xr.DataArray(obs)
        groups.append({
            "forecast": fcst.tolist(),
            "observed": obs.tolist(),
            "bounds": bounds,
            "percentiles": [float(np.percentile(error, q)) for q in [10, 25, 50, 75, 90]],
            "mad": float(scipy.stats.median_abs_deviation(error)),
            "spearman": nan_to_none(spearmanr(f, o)),
            "verif_rank_corr": nan_to_none(
                verif.metric.RankCorr().compute_from_obs_fcst(obs, fcst)),
            "within": [float(percent_within_x(f, o, x, decimals=10)) / 100 for x in bounds],
        })
    return groups


def build():
    return {
        "generator": "Tests/Reference/make_verification_reference.py",
        "versions": {name: version(name) for name in ["scores", "verif", "numpy", "scipy"]},
        "diebold_mariano": dm_cases(),
        "student_t": student_t(),
        "incomplete_beta": incomplete_beta(),
        "comparison": comparison_history(),
        "probabilities": probability_set(),
        "contingency": contingency_set(),
        "distribution": distribution_set(),
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
            print("reference vectors differ from " + sys.argv[2], file=sys.stderr)
            sys.exit(1)
        print("reference vectors match (scores %s, verif %s)" % (
            result["versions"]["scores"], result["versions"]["verif"]))
    else:
        json.dump(result, sys.stdout, indent=1)
        sys.stdout.write("\n")
