"""Runs the datasets help topic's (Sources/SkycastResources/Help/datasets.md) recipe for reading
the SQLite file through DuckDB's SQLite scanner and compares it with `skycast sql` on the same file.

usage: duckdb_sqlite_recipe.py Sources/SkycastResources/Help/datasets.md WORK_DIR SQL.csv

The SQL between the `<!-- duckdb-sqlite-recipe -->` markers runs as written in WORK_DIR, where
the database is `skycast.sqlite`. SQL.csv is `skycast sql --format csv` of the recipe's last
statement (without the `s.` prefix). Every column must come back typed (no numeric column as
VARCHAR), counts equal, and sums and averages within 1e-12 relative (DuckDB and SQLite add in
different orders, so the last bits may differ). Prints 'ok ROWS' or the differences; exits 2
when the scanner cannot be loaded.
"""
import csv
import os
import sys

import help_recipe
import sqlite_scanner


def main():
    topic, work, expected_csv = sys.argv[1:]
    statements = help_recipe.statements(topic, "duckdb-sqlite-recipe")
    if statements is None:
        print("no DuckDB SQLite-scanner recipe in the datasets topic")
        return 1
    os.chdir(work)
    connection = sqlite_scanner.connect()
    result = None
    for statement in statements:
        result = connection.execute(statement)
    columns = [description[0] for description in result.description]
    types = [str(description[1]) for description in result.description]
    found = [dict(zip(columns, row)) for row in result.fetchall()]
    with open(expected_csv, newline="", encoding="utf-8") as handle:
        expected = list(csv.DictReader(handle))
    failures = 0
    for name, kind in zip(columns, types):
        if name != "model" and "VARCHAR" in kind.upper():
            print(f"column {name} comes back as {kind}")
            failures += 1
    if len(expected) != len(found) or not expected:
        print(f"{len(expected)} rows from skycast sql, {len(found)} from DuckDB")
        failures += 1
    for want, got in zip(expected, found):
        for name in columns:
            if name == "model":
                same = want[name] == got[name]
            elif name == "n":
                same = int(want[name]) == got[name]
            else:
                a, b = float(want[name]), float(got[name])
                same = abs(a - b) <= 1e-12 * max(1.0, abs(a))
            if not same:
                print(f"{want.get('model')}: {name} skycast {want[name]} duckdb {got[name]}")
                failures += 1
    if failures:
        return 1
    print(f"ok {len(found)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
