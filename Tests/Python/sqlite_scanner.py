"""A DuckDB connection with the SQLite scanner loaded from PyPI's duckdb-ext-sqlite wheel
(extensions cannot be downloaded here), for the scripts that read a Skycast file through it."""
import sys

import duckdb


def connect():
    """A new connection with `LOAD sqlite` done; exits 2 (with the reason) when it cannot be."""
    connection = duckdb.connect()
    try:
        import duckdb_ext  # the duckdb-ext-sqlite wheel

        folder = list(duckdb_ext.__path__)[0] + "/extensions"
        connection.sql(f"SET extension_directory = '{folder}'")
        connection.sql("LOAD sqlite")
    except Exception as error:  # noqa: BLE001 - reported, not hidden
        print(f"cannot load DuckDB's sqlite extension: {error}")
        sys.exit(2)
    return connection
