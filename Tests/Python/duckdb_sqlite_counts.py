"""Reads every table and view of a Skycast SQLite file through DuckDB's SQLite scanner
(`ATTACH … (TYPE sqlite)`, as the README recommends) and compares each count(*) and each
full read with SQLite's own. Prints one line per name; exits 1 on any difference or error,
2 when the scanner cannot be loaded.

The scanner comes from the `duckdb-ext-sqlite` wheel (its extension file is loaded from the
package's folder, since CI cannot download extensions).
"""
import sqlite3
import sys

import duckdb

import sqlite_scanner

path = sys.argv[1]
connection = sqlite_scanner.connect()
print("duckdb", duckdb.__version__)
connection.sql(f"ATTACH '{path}' AS s (TYPE sqlite)")
reference = sqlite3.connect(path)
names = [
    row[0]
    for row in reference.execute(
        "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') "
        "AND name NOT LIKE 'sqlite_%' ORDER BY name"
    )
]
failed = False
for name in names:
    want = reference.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
    try:
        counted = connection.sql(f'SELECT count(*) FROM s."{name}"').fetchone()[0]
        read = len(connection.sql(f'SELECT * FROM s."{name}"').fetchall())
    except Exception as error:  # noqa: BLE001
        print(f"{name}: error {str(error).splitlines()[0]}")
        failed = True
        continue
    verdict = "ok" if counted == want == read else "DIFFERS"
    failed |= verdict != "ok"
    print(f"{name}: sqlite {want} duckdb {counted} read {read} {verdict}")
    # Columns SQLite declares as numbers (in a view: those it takes from a table column) come
    # back as numbers, not text: DuckDB binds the view itself instead of reading it as VARCHAR.
    declared = {
        row[1]: row[2].upper()
        for row in reference.execute(f'SELECT * FROM pragma_table_info("{name}")')
    }
    for column, kind, *_ in connection.sql(f'DESCRIBE s."{name}"').fetchall():
        if declared.get(column) in ("REAL", "INTEGER") and kind == "VARCHAR":
            print(f"{name}.{column}: declared {declared[column]} in SQLite, VARCHAR in DuckDB")
            failed = True
# The view's local dates are SQLite's text, row for row.
dates = [
    row[0]
    for row in reference.execute(
        "SELECT valid_date FROM hourly_forecasts ORDER BY city_id, fetch_id, valid_at"
    )
]
through = [
    row[0]
    for row in connection.sql(
        "SELECT valid_date FROM s.hourly_forecasts "
        "ORDER BY CAST(city_id AS BIGINT), CAST(fetch_id AS BIGINT), CAST(valid_at AS BIGINT)"
    ).fetchall()
]
if dates != through:
    print("hourly_forecasts.valid_date: DIFFERS")
    failed = True
# DuckDB computes the views' local date and hour itself (schema 10): the same as SQLite's.
for view in ["hourly_forecasts", "hourly_forecasts_latest"]:
    order = "city_id, source, model, valid_at, issued_at, fetch_id"
    mine = reference.execute(f"SELECT valid_date, valid_hour FROM {view} ORDER BY {order}").fetchall()
    theirs = connection.sql(f"SELECT valid_date, valid_hour FROM s.{view} ORDER BY {order}").fetchall()
    if [(d, int(h)) for d, h in mine] != [(d, int(h)) for d, h in theirs]:
        print(f"{view}: valid_date or valid_hour DIFFERS between SQLite and DuckDB")
        failed = True
sys.exit(1 if failed or not names else 0)
