"""Runs the datasets help topic's (Sources/SkycastResources/Help/datasets.md) PySpark recipe for `verify --by lead-day` and compares its `scores` with
the output of `skycast verify --by lead-day --format csv`.

usage: pyspark_recipe.py Sources/SkycastResources/Help/datasets.md WORK_DIR OBS_SOURCE VERIFY.csv

Exits 77 (skipped) when pyspark or a Java runtime is missing. Counts must be equal and every
score within 1e-9. Prints 'ok GROUPS' or the differences.
"""
import csv
import os
import re
import shutil
import sys


def main():
    readme, work, obs, verify = sys.argv[1:]
    try:
        import pyspark  # noqa: F401
    except ImportError:
        print("skipped: pyspark is not installed")
        return 77
    if not shutil.which("java") and not os.environ.get("JAVA_HOME"):
        print("skipped: no Java runtime")
        return 77
    text = open(readme, encoding="utf-8").read()
    block = re.search(r"<!-- pyspark-verify-recipe -->\s*```python\n(.*?)```", text, re.S)
    if not block:
        print("no PySpark recipe in the datasets topic")
        return 1
    code = block.group(1).replace('== "era5"', f'== "{obs}"').replace("scores.show()", "")
    os.chdir(work)
    namespace = {}
    exec(compile(code, "Help/datasets.md (PySpark recipe)", "exec"), namespace)
    found = {
        (row["source"], row["model"], int(row["lead_day"])): row
        for row in namespace["scores"].collect()
    }
    namespace["spark"].stop()
    with open(verify, newline="", encoding="utf-8") as handle:
        expected = list(csv.DictReader(handle))
    failures = 0
    if len(expected) != len(found) or not expected:
        print(f"{len(expected)} verify groups, {len(found)} from Spark")
        failures += 1
    for row in expected:
        key = (row["source"], row["model"], int(row["lead_day"]))
        got = found.get(key)
        if got is None:
            print(f"group {key} missing from Spark")
            failures += 1
            continue
        if int(row["n"]) != got["n"]:
            print(f"{key}: n {row['n']} vs {got['n']}")
            failures += 1
        for score in ["bias", "mae", "rmse", "corr"]:
            if abs(float(row[score]) - got[score]) > 1e-9:
                print(f"{key}: {score} {row[score]} vs {got[score]}")
                failures += 1
    if failures:
        return 1
    print(f"ok {len(expected)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
