#!/usr/bin/env python3
"""verif reads the `p0.1` and `e<member>` columns of `skycast verify --pairs --format verif` and
reproduces Skycast's scores from them, by lead time.

    check_verif_columns.py probability PAIRS.txt SCORES.csv
    check_verif_columns.py ensemble ENSEMBLE.txt SCORES.csv

probability: PAIRS.txt is an hourly precipitation file (`--var precipitation`), SCORES.csv is
`skycast verify --var precipitation --threshold 0.1 --op gt --by lead --format csv` over the same
source and model. verif's Brier score `Bs` for the event obs > 0.1 mm (its interval (0.1, inf),
probability 1 - p0.1) must equal Skycast's `bs`, computed in SQL from the stored
precipitation_probability, to 1e-9 at every lead; the leads where verif has no p0.1 value
(`nan` in the file) must be the ones where Skycast's `bs` is empty.

ensemble: ENSEMBLE.txt is `skycast verify --ensemble --model M --pairs --format verif`,
SCORES.csv `skycast verify --ensemble --model M --fair --by lead --format csv`. verif's `Mae`
(from `fcst`, the ensemble mean) must equal Skycast's `mae` to 1e-9; verif's `FCrps` (from the
member columns it reads as its ensemble) must equal Skycast's fair `crps` to 1e-6, since the
members are written as their stored binary32 values print (2.3, not 2.299999952316284) and so
differ from the doubles Skycast scores by up to 2^-24 of their size; verif's `spread` and
`spreadskillratio` (verif 1.4.0's definitions) must equal Skycast's `verif_spread` and
`verif_spreadskillratio` to 1e-6 for the same reason. The file must also carry as
many members as Skycast's `members` column says, and `fcst` must be the mean of the members.

Exits 1 on the first difference.
"""
import csv
import sys
from importlib.metadata import version

import numpy as np
import verif.axis
import verif.data
import verif.input
import verif.interval
import verif.metric


def read_scores(path):
    with open(path, newline="") as f:
        return {float(row["lead_hours"]): row for row in csv.DictReader(f)}


def same_leads(data, ours):
    leadtimes = [float(x) for x in data.leadtimes]
    if sorted(leadtimes) != sorted(ours):
        print("lead times differ: verif %s, skycast %s" % (leadtimes, sorted(ours)))
        return None
    return leadtimes


def probability(pairs, scores):
    data = verif.data.Data([verif.input.Text(pairs)])
    if list(data.thresholds) != [0.1]:
        print("verif reads thresholds %s, expected [0.1]" % list(data.thresholds))
        return 1
    ours = read_scores(scores)
    leadtimes = same_leads(data, ours)
    if leadtimes is None:
        return 1
    # The event Open-Meteo's probability is defined for: more than 0.1 mm.
    above = verif.interval.Interval(0.1, np.inf, False, True)
    axis = verif.axis.Leadtime()
    scored = 0
    for index, lead in enumerate(leadtimes):
        bs = verif.metric.Bs().compute_single(data, 0, axis, index, above)
        mine = ours[lead]["bs"]
        if mine == "":
            if not np.isnan(bs):
                print("lead %g h: verif bs %.12g, skycast none" % (lead, bs))
                return 1
            continue
        if not np.isclose(bs, float(mine), rtol=1e-9, atol=1e-9):
            print("lead %g h: verif bs %.12g, skycast %.12g" % (lead, bs, float(mine)))
            return 1
        scored += 1
    if scored == 0:
        print("no lead has a Brier score: the file carries no probability")
        return 1
    print("verif %s reproduces bs at 0.1 mm from p0.1 at %d lead times" % (version("verif"), scored))
    return 0


def ensemble(pairs, scores):
    data = verif.data.Data([verif.input.Text(pairs)])
    ours = read_scores(scores)
    leadtimes = same_leads(data, ours)
    if leadtimes is None:
        return 1
    members = data._inputs[0].ensemble
    counts = {float(row["members"]) for row in ours.values()}
    if counts != {float(members.shape[-1])}:
        print("verif reads %d members, skycast scores %s" % (members.shape[-1], sorted(counts)))
        return 1
    fcst = data._inputs[0].fcst
    present = ~np.isnan(fcst)
    mean = np.nanmean(members[present], axis=-1)
    if not np.allclose(mean, fcst[present], rtol=1e-6, atol=1e-6):
        print("fcst is not the mean of the member columns")
        return 1
    axis = verif.axis.Leadtime()
    for index, lead in enumerate(leadtimes):
        mae = verif.metric.Mae().compute_single(data, 0, axis, index, None)
        crps = verif.metric.FCrps().compute_single(data, 0, axis, index, None)
        spread = verif.metric.Spread().compute_single(data, 0, axis, index, None)
        ratio = verif.metric.SpreadSkillRatio().compute_single(data, 0, axis, index, None)
        for name, theirs, mine, tolerance in [
            ("mae", mae, float(ours[lead]["mae"]), 1e-9),
            ("fair crps", crps, float(ours[lead]["crps"]), 1e-6),
            ("spread", spread, float(ours[lead]["verif_spread"]), 1e-6),
            ("spreadskillratio", ratio, float(ours[lead]["verif_spreadskillratio"]), 1e-6),
        ]:
            if not np.isclose(theirs, mine, rtol=tolerance, atol=tolerance):
                print("lead %g h: verif %s %.12g, skycast %.12g" % (lead, name, theirs, mine))
                return 1
    print("verif %s reads %d members and reproduces the ensemble-mean MAE, the fair CRPS, spread and"
          " spreadskillratio at %d"
          " lead times" % (version("verif"), members.shape[-1], len(leadtimes)))
    return 0


if __name__ == "__main__":
    checks = {"probability": probability, "ensemble": ensemble}
    if len(sys.argv) != 4 or sys.argv[1] not in checks:
        print(__doc__.strip().split("\n\n")[1])
        sys.exit(2)
    sys.exit(checks[sys.argv[1]](sys.argv[2], sys.argv[3]))
