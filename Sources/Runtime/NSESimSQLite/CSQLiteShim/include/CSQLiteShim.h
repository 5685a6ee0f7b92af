#ifndef NSESIM_CSQLITE_SHIM_H
#define NSESIM_CSQLITE_SHIM_H

/// Loads libsqlite3 (once, thread-safe). 0 when it is loaded; else -1, and
/// nsesim_sqlite3_load_error() says why.
int nsesim_sqlite3_load(void);

/// Why the last load failed ("" when it did not).
const char *nsesim_sqlite3_load_error(void);

#endif
