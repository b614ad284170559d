"""Runs the datasets help topic's (Sources/SkycastResources/Help/datasets.md) DuckDB recipe for `verify --by lead-day` and compares it with the
output of `skycast verify --by lead-day --format csv`.

usage: duckdb_recipe.py Sources/SkycastResources/Help/datasets.md WORK_DIR OBS_SOURCE VERIFY.csv

The SQL between the `<!-- duckdb-verify-recipe -->` markers runs as written, in WORK_DIR (where
`lake/hourly` and `lake/observations` are), with the observation source set to OBS_SOURCE.
Counts must be equal and every score within 1e-9. Prints 'ok GROUPS' or the differences.
"""
import csv
import os
import sys

import duckdb
import help_recipe


def main():
    readme, work, obs, verify = sys.argv[1:]
    statements = help_recipe.statements(readme, "duckdb-verify-recipe")
    if statements is None:
        print("no DuckDB recipe in the datasets topic")
        return 1
    os.chdir(work)
    connection = duckdb.connect()
    result = None
    for statement in statements:
        statement = statement.replace("SET VARIABLE obs = 'era5'", f"SET VARIABLE obs = '{obs}'")
        result = connection.execute(statement)
    columns = [description[0] for description in result.description]
    # One group per source, model and lead day, as verify splits a source's models.
    found = {(row[0], row[1], int(row[2])): dict(zip(columns, row)) for row in result.fetchall()}
    with open(verify, newline="", encoding="utf-8") as handle:
        expected = list(csv.DictReader(handle))
    failures = 0
    if len(expected) != len(found) or not expected:
        print(f"{len(expected)} verify groups, {len(found)} from DuckDB")
        failures += 1
    for row in expected:
        key = (row["source"], row["model"], int(row["lead_day"]))
        got = found.get(key)
        if got is None:
            print(f"group {key} missing from DuckDB")
            failures += 1
            continue
        if int(row["n"]) != got["n"]:
            print(f"{key}: n {row['n']} vs {got['n']}")
            failures += 1
        for score in ["bias", "mae", "rmse", "corr"]:
            if row[score] == "" and got[score] is None:
                continue
            if abs(float(row[score]) - got[score]) > 1e-9:
                print(f"{key}: {score} {row[score]} vs {got[score]}")
                failures += 1
    if failures:
        return 1
    print(f"ok {len(expected)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
