"""Prints 'FILES ROW_GROUPS ROWS SUM' for the Parquet files below a folder (pyarrow), where SUM
adds up the `value` column: a check that every row group is readable and complete."""
import glob
import sys

import pyarrow.parquet as pq

files = sorted(glob.glob(sys.argv[1] + "/**/*.parquet", recursive=True))
groups = rows = total = 0
for path in files:
    handle = pq.ParquetFile(path)
    groups += handle.metadata.num_row_groups
    table = handle.read()
    rows += table.num_rows
    total += sum(v for v in table.column("value").to_pylist() if v is not None)
print(len(files), groups, rows, total)
