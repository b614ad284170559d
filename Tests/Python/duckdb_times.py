"""Casts the instant columns of a CSV export with DuckDB's strict TIMESTAMPTZ parser and
checks each against Python's reading of the same text.

usage: duckdb_times.py EXPORT.csv COLUMN...    Prints 'ok CELLS' or the first failures.
"""
import datetime
import sys

import duckdb


def main():
    path, *columns = sys.argv[1:]
    connection = duckdb.connect()
    connection.execute("SET TimeZone = 'UTC'")
    checked = 0
    for column in columns:
        quoted = '"' + column + '"'
        rows = connection.execute(
            f"SELECT {quoted}, epoch(CAST({quoted} AS TIMESTAMPTZ)) FROM read_csv(?, all_varchar = true)"
            f" WHERE {quoted} IS NOT NULL", [path]).fetchall()
        for text, seconds in rows:
            expected = datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
            if seconds != expected:
                print(f"{column}: {text} cast to {seconds}, expected {expected}")
                return 1
            checked += 1
    print(f"ok {checked}")
    return 0 if checked else 1


if __name__ == "__main__":
    sys.exit(main())
