// The sqlite3_* functions NSESimSQLite calls, each forwarding to libsqlite3 loaded with
// dlopen on first use (nsesim_sqlite3_load, called by SQLiteDatabase before it opens a
// file). They are hidden: they stay inside libNSESimSQLite.so and never stand in for the
// real library's symbols in another library of the process.
#include "CSQLiteShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#pragma GCC visibility push(hidden)
#include <sqlite3.h>

static struct {
    int (*open_v2)(const char *, sqlite3 **, int, const char *);
    int (*close_v2)(sqlite3 *);
    const char *(*errmsg)(sqlite3 *);
    int (*extended_errcode)(sqlite3 *);
    int (*extended_result_codes)(sqlite3 *, int);
    int (*busy_timeout)(sqlite3 *, int);
    int (*exec)(sqlite3 *, const char *, int (*)(void *, int, char **, char **), void *, char **);
    void (*free_)(void *);
    int (*prepare_v2)(sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
    int (*finalize)(sqlite3_stmt *);
    int (*reset)(sqlite3_stmt *);
    int (*clear_bindings)(sqlite3_stmt *);
    int (*step)(sqlite3_stmt *);
    int (*bind_parameter_count)(sqlite3_stmt *);
    int (*bind_null)(sqlite3_stmt *, int);
    int (*bind_int64)(sqlite3_stmt *, int, sqlite3_int64);
    int (*bind_double)(sqlite3_stmt *, int, double);
    int (*bind_text)(sqlite3_stmt *, int, const char *, int, void (*)(void *));
    int (*bind_blob)(sqlite3_stmt *, int, const void *, int, void (*)(void *));
    int (*bind_zeroblob)(sqlite3_stmt *, int, int);
    int (*column_count)(sqlite3_stmt *);
    const char *(*column_name)(sqlite3_stmt *, int);
    int (*column_type)(sqlite3_stmt *, int);
    sqlite3_int64 (*column_int64)(sqlite3_stmt *, int);
    double (*column_double)(sqlite3_stmt *, int);
    const unsigned char *(*column_text)(sqlite3_stmt *, int);
    int (*column_bytes)(sqlite3_stmt *, int);
    const void *(*column_blob)(sqlite3_stmt *, int);
    int (*changes)(sqlite3 *);
    sqlite3_int64 (*last_insert_rowid)(sqlite3 *);
    int (*stmt_status)(sqlite3_stmt *, int, int);
} lib;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

#define RESOLVE(field, name)                                                                  \
    do {                                                                                      \
        *(void **)(&lib.field) = dlsym(library, name);                                        \
        if (lib.field == NULL) {                                                              \
            snprintf(load_error, sizeof load_error, "libsqlite3 has no %s: %s", name, dlerror()); \
            return;                                                                           \
        }                                                                                     \
    } while (0)

static void load(void) {
    void *library = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error,
                 "cannot load libsqlite3.so.0 (install libsqlite3-0, or libsqlite3-dev): %s", dlerror());
        return;
    }
    RESOLVE(open_v2, "sqlite3_open_v2");
    RESOLVE(close_v2, "sqlite3_close_v2");
    RESOLVE(errmsg, "sqlite3_errmsg");
    RESOLVE(extended_errcode, "sqlite3_extended_errcode");
    RESOLVE(extended_result_codes, "sqlite3_extended_result_codes");
    RESOLVE(busy_timeout, "sqlite3_busy_timeout");
    RESOLVE(exec, "sqlite3_exec");
    RESOLVE(free_, "sqlite3_free");
    RESOLVE(prepare_v2, "sqlite3_prepare_v2");
    RESOLVE(finalize, "sqlite3_finalize");
    RESOLVE(reset, "sqlite3_reset");
    RESOLVE(clear_bindings, "sqlite3_clear_bindings");
    RESOLVE(step, "sqlite3_step");
    RESOLVE(bind_parameter_count, "sqlite3_bind_parameter_count");
    RESOLVE(bind_null, "sqlite3_bind_null");
    RESOLVE(bind_int64, "sqlite3_bind_int64");
    RESOLVE(bind_double, "sqlite3_bind_double");
    RESOLVE(bind_text, "sqlite3_bind_text");
    RESOLVE(bind_blob, "sqlite3_bind_blob");
    RESOLVE(bind_zeroblob, "sqlite3_bind_zeroblob");
    RESOLVE(column_count, "sqlite3_column_count");
    RESOLVE(column_name, "sqlite3_column_name");
    RESOLVE(column_type, "sqlite3_column_type");
    RESOLVE(column_int64, "sqlite3_column_int64");
    RESOLVE(column_double, "sqlite3_column_double");
    RESOLVE(column_text, "sqlite3_column_text");
    RESOLVE(column_bytes, "sqlite3_column_bytes");
    RESOLVE(column_blob, "sqlite3_column_blob");
    RESOLVE(changes, "sqlite3_changes");
    RESOLVE(last_insert_rowid, "sqlite3_last_insert_rowid");
    RESOLVE(stmt_status, "sqlite3_stmt_status");
    loaded = 1;
}

#pragma GCC visibility pop

int nsesim_sqlite3_load(void) {
    pthread_once(&load_once, load);
    return loaded ? 0 : -1;
}

const char *nsesim_sqlite3_load_error(void) { return load_error; }

#pragma GCC visibility push(hidden)

// Every call below comes after a successful nsesim_sqlite3_load (SQLiteDatabase's init), on
// a connection or statement that exists only then.
int sqlite3_open_v2(const char *f, sqlite3 **db, int flags, const char *vfs) {
    if (nsesim_sqlite3_load() != 0) { *db = NULL; return SQLITE_CANTOPEN; }
    return lib.open_v2(f, db, flags, vfs);
}
int sqlite3_close_v2(sqlite3 *db) { return db == NULL ? SQLITE_OK : lib.close_v2(db); }
const char *sqlite3_errmsg(sqlite3 *db) { return lib.errmsg(db); }
int sqlite3_extended_errcode(sqlite3 *db) { return lib.extended_errcode(db); }
int sqlite3_extended_result_codes(sqlite3 *db, int on) { return lib.extended_result_codes(db, on); }
int sqlite3_busy_timeout(sqlite3 *db, int ms) { return lib.busy_timeout(db, ms); }
int sqlite3_exec(sqlite3 *db, const char *sql, int (*cb)(void *, int, char **, char **), void *arg, char **err) {
    return lib.exec(db, sql, cb, arg, err);
}
void sqlite3_free(void *p) { if (p != NULL) lib.free_(p); }
int sqlite3_prepare_v2(sqlite3 *db, const char *sql, int n, sqlite3_stmt **s, const char **tail) {
    return lib.prepare_v2(db, sql, n, s, tail);
}
int sqlite3_finalize(sqlite3_stmt *s) { return lib.finalize(s); }
int sqlite3_reset(sqlite3_stmt *s) { return lib.reset(s); }
int sqlite3_clear_bindings(sqlite3_stmt *s) { return lib.clear_bindings(s); }
int sqlite3_step(sqlite3_stmt *s) { return lib.step(s); }
int sqlite3_bind_parameter_count(sqlite3_stmt *s) { return lib.bind_parameter_count(s); }
int sqlite3_bind_null(sqlite3_stmt *s, int i) { return lib.bind_null(s, i); }
int sqlite3_bind_int64(sqlite3_stmt *s, int i, sqlite3_int64 v) { return lib.bind_int64(s, i, v); }
int sqlite3_bind_double(sqlite3_stmt *s, int i, double v) { return lib.bind_double(s, i, v); }
int sqlite3_bind_text(sqlite3_stmt *s, int i, const char *v, int n, void (*d)(void *)) { return lib.bind_text(s, i, v, n, d); }
int sqlite3_bind_blob(sqlite3_stmt *s, int i, const void *v, int n, void (*d)(void *)) { return lib.bind_blob(s, i, v, n, d); }
int sqlite3_bind_zeroblob(sqlite3_stmt *s, int i, int n) { return lib.bind_zeroblob(s, i, n); }
int sqlite3_column_count(sqlite3_stmt *s) { return lib.column_count(s); }
const char *sqlite3_column_name(sqlite3_stmt *s, int i) { return lib.column_name(s, i); }
int sqlite3_column_type(sqlite3_stmt *s, int i) { return lib.column_type(s, i); }
sqlite3_int64 sqlite3_column_int64(sqlite3_stmt *s, int i) { return lib.column_int64(s, i); }
double sqlite3_column_double(sqlite3_stmt *s, int i) { return lib.column_double(s, i); }
const unsigned char *sqlite3_column_text(sqlite3_stmt *s, int i) { return lib.column_text(s, i); }
int sqlite3_column_bytes(sqlite3_stmt *s, int i) { return lib.column_bytes(s, i); }
const void *sqlite3_column_blob(sqlite3_stmt *s, int i) { return lib.column_blob(s, i); }
int sqlite3_changes(sqlite3 *db) { return lib.changes(db); }
sqlite3_int64 sqlite3_last_insert_rowid(sqlite3 *db) { return lib.last_insert_rowid(db); }
int sqlite3_stmt_status(sqlite3_stmt *s, int op, int reset) { return lib.stmt_status(s, op, reset); }

#pragma GCC visibility pop
