#!/usr/bin/env python3
"""verif reads `skycast verify --pairs --format verif` and reproduces Skycast's MAE and RMSE by
lead time.

    check_verif_pairs.py PAIRS.txt SCORES.csv

PAIRS.txt is the verif text file; SCORES.csv is `skycast verify --by lead --format csv` over the
same pairs (one source, one model). verif's `Mae` and `Rmse` are computed per lead time with
its own reader (`verif.input.Text`, `verif.data.Data`) and must equal Skycast's to 1e-9;
exits 1 on the first difference.
"""
import csv
import sys
from importlib.metadata import version

import numpy as np
import verif.axis
import verif.data
import verif.input
import verif.metric


def main(pairs, scores):
    data = verif.data.Data([verif.input.Text(pairs)])
    ours = {}
    with open(scores, newline="") as f:
        for row in csv.DictReader(f):
            ours[float(row["lead_hours"])] = (float(row["mae"]), float(row["rmse"]))
    leadtimes = [float(x) for x in data.leadtimes]
    if sorted(leadtimes) != sorted(ours):
        print("lead times differ: verif %s, skycast %s" % (leadtimes, sorted(ours)))
        return 1
    axis = verif.axis.Leadtime()
    for index, lead in enumerate(leadtimes):
        mae = verif.metric.Mae().compute_single(data, 0, axis, index, None)
        rmse = verif.metric.Rmse().compute_single(data, 0, axis, index, None)
        for name, theirs, mine in [("mae", mae, ours[lead][0]), ("rmse", rmse, ours[lead][1])]:
            if not np.isclose(theirs, mine, rtol=1e-9, atol=1e-9):
                print("lead %g h: verif %s %.12g, skycast %.12g" % (lead, name, theirs, mine))
                return 1
    print("verif %s reproduces MAE and RMSE at %d lead times" % (version("verif"), len(leadtimes)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
