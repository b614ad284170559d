"""Reads a Skycast Parquet dataset with pyarrow and with DuckDB and compares every value
(NULLs included) with the CSV export of the same rows.

usage: compare_dataset.py DATASET_DIR EXPORT.csv [PARTITION_COLUMN ...]
       compare_dataset.py --jobs JOBS.json   (a list of {"dataset", "csv", "partitions", "label"})

Rows are compared as multisets (a partitioned dataset has no single order). CSV fields are read
by the Parquet column's type: instants (RFC 3339 / ISO 8601 with an offset) as UTC epoch
microseconds, dates as text, doubles and integers as numbers. Every PARTITION_COLUMN must be a
column DuckDB's hive_partitioning adds. Prints 'ok ROWS' or the first differences; exits 1 on a
difference.
"""
import collections
import csv
import datetime
import json
import sys

import duckdb
import pyarrow as pa
import pyarrow.dataset as ds


def parse_instant(text):
    value = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    if value.tzinfo is None:
        raise ValueError(f"instant without an offset: {text}")
    delta = value - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
    return (delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds


def csv_reader(kind):
    if kind == "timestamp":
        return parse_instant
    if kind == "float":
        return float
    if kind == "int":
        return int
    return str


def kind_of(arrow_type):
    if pa.types.is_timestamp(arrow_type):
        return "timestamp"
    if pa.types.is_date(arrow_type):
        return "date"
    if pa.types.is_floating(arrow_type):
        return "float"
    if pa.types.is_integer(arrow_type):
        return "int"
    return "text"


def main():
    if sys.argv[1] == "--jobs":
        with open(sys.argv[2], encoding="utf-8") as handle:
            jobs = json.load(handle)
        failed = 0
        for job in jobs:
            print(f"== {job['label']}")
            failed += compare(job["dataset"], job["csv"], job["partitions"])
        return 1 if failed else 0
    return compare(sys.argv[1], sys.argv[2], sys.argv[3:])


def compare(directory, csv_path, partitions):
    dataset = ds.dataset(directory, format="parquet", partitioning="hive")
    table = dataset.to_table()
    kinds = {field.name: kind_of(field.type) for field in table.schema}

    with open(csv_path, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    header, body = rows[0], rows[1:]
    missing = [name for name in header if name not in kinds]
    if missing:
        print(f"columns of the CSV missing from the dataset: {missing}")
        return 1
    readers = [csv_reader(kinds[name]) for name in header]
    expected = collections.Counter(
        tuple(None if field == "" else read(field) for read, field in zip(readers, row))
        for row in body)

    def arrow_values(name):
        column = table.column(name)
        if kinds[name] == "timestamp":
            column = column.cast(pa.timestamp("us", tz="UTC")).cast(pa.int64())
        elif kinds[name] == "date":
            column = column.cast(pa.string())
        elif kinds[name] == "int":
            column = column.cast(pa.int64())
        return column.to_pylist()

    columns = [arrow_values(name) for name in header]
    found = collections.Counter(zip(*columns)) if columns and table.num_rows else collections.Counter()
    failures = report("pyarrow", expected, found)

    connection = duckdb.connect()
    connection.execute("SET TimeZone = 'UTC'")
    source = f"read_parquet('{directory}/**/*.parquet', hive_partitioning = true)"
    described = {row[0]: row[1] for row in connection.execute(f"DESCRIBE SELECT * FROM {source}").fetchall()}
    for name in partitions:
        if name not in described:
            print(f"duckdb: partition column {name} not seen (columns {sorted(described)})")
            failures += 1
    selected = []
    for name in header:
        kind = kinds[name]
        quoted = '"' + name.replace('"', '""') + '"'
        if kind == "timestamp":
            selected.append(f"epoch_us({quoted})")
        elif kind == "date":
            selected.append(f"CAST({quoted} AS VARCHAR)")
        elif kind == "int":
            selected.append(f"CAST({quoted} AS BIGINT)")
        elif kind == "float":
            selected.append(f"CAST({quoted} AS DOUBLE)")
        else:
            selected.append(f"CAST({quoted} AS VARCHAR)")
    query = f"SELECT {', '.join(selected)} FROM {source}"
    found = collections.Counter(tuple(row) for row in connection.execute(query).fetchall())
    failures += report("duckdb", expected, found)
    if "month" in partitions:
        date = "valid_date" if "valid_date" in described else "date" if "date" in described else None
        if date:
            wrong = connection.execute(
                f"SELECT count(*) FROM {source} WHERE month <> substr(CAST({date} AS VARCHAR), 1, 7)").fetchone()[0]
            if wrong:
                print(f"duckdb: {wrong} rows whose month partition is not their {date}'s month")
                failures += 1
    if failures:
        return 1
    print(f"ok {sum(expected.values())}")
    return 0


def report(reader, expected, found):
    if expected == found:
        return 0
    extra = found - expected
    lost = expected - found
    print(f"{reader}: {sum(lost.values())} CSV rows not found, {sum(extra.values())} rows not in the CSV")
    for row in list(lost)[:3]:
        print(f"  CSV only:     {row}")
    for row in list(extra)[:3]:
        print(f"  dataset only: {row}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
