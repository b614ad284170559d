"""Prints one Parquet file's row count and its footer key-value metadata as JSON, read by
pyarrow: `python parquet_file_metadata.py FILE`."""
import json
import sys

import pyarrow.parquet as pq

meta = pq.ParquetFile(sys.argv[1]).metadata
pairs = {
    key.decode("utf-8"): value.decode("utf-8")
    for key, value in (meta.metadata or {}).items()
    if not key.startswith(b"ARROW")
}
print(json.dumps({"rows": meta.num_rows, "metadata": pairs}, ensure_ascii=False, sort_keys=True))
