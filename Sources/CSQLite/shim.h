#ifndef SKYCAST_CSQLITE_SHIM_H
#define SKYCAST_CSQLITE_SHIM_H

#include <sqlite3.h>

/// `sqlite3_db_config` is variadic, which Swift cannot call: one fixed-arity wrapper per use.
static inline int skycast_db_config_int(sqlite3 *db, int op, int value, int *result) {
  return sqlite3_db_config(db, op, value, result);
}

#endif
