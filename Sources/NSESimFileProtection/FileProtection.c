// iOS's Data Protection for files in the extension process: see include/NSESimFileProtection.h
// and docs/phone-state.md ("File protection"). Preloaded by nsesim (LD_PRELOAD); depends on
// the C library only.
#define _GNU_SOURCE
#include "NSESimFileProtection.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

// MARK: - Classes and the rule

/// iOS's classes, from the most available: D (none), C (completeUntilFirstUserAuthentication,
/// iOS's default), B (completeUnlessOpen), A (complete).
enum { CLASS_NONE_GIVEN = -1, CLASS_D = 0, CLASS_C = 1, CLASS_B = 2, CLASS_A = 3 };
static const char *const class_names[] = {"none", "completeUntilFirstUserAuthentication", "completeUnlessOpen", "complete"};
enum { STATE_UNLOCKED = 0, STATE_LOCKED = 1, STATE_BFU = 2 };
static const char *const state_names[] = {"unlocked", "locked", "before-first-unlock"};

static const char attribute_name[] = "user.nsesim.protection";
static const char sidecar_suffix[] = ".nsesim-protection";

/// Whether a file of class `cls` can be opened (`creating`: created) in `state`. Class B's
/// point: a new file can be created and written while locked; an existing one not opened.
static int is_allowed(int cls, int state, int creating) {
    switch (cls) {
    case CLASS_D: return 1;
    case CLASS_C: return state != STATE_BFU;
    case CLASS_B: return creating || state == STATE_UNLOCKED;
    default: return state == STATE_UNLOCKED;
    }
}

/// The first locked state that refuses the access, or -1.
static int fails_when(int cls, int creating) {
    if (!is_allowed(cls, STATE_LOCKED, creating)) return STATE_LOCKED;
    if (!is_allowed(cls, STATE_BFU, creating)) return STATE_BFU;
    return -1;
}

static int class_named(const char *name) {
    if (name == NULL) return CLASS_NONE_GIVEN;
    for (int i = 0; i < 4; i++) {
        if (strcmp(name, class_names[i]) == 0) return i;
    }
    return CLASS_NONE_GIVEN;
}

// MARK: - Configuration (read once)

typedef struct {
    char path[PATH_MAX];
    size_t length;
    int is_group_folder;  // the folder of app groups: relative paths start with the group
    char given[PATH_MAX];  // as the environment names it (normalized), which may go through links
    size_t given_length;
} root_t;

static root_t roots[2];
static int root_count;
static int lock_state;
static char log_path[PATH_MAX];
static pthread_once_t configured = PTHREAD_ONCE_INIT;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static int log_lines;
static __thread int pending_class = CLASS_NONE_GIVEN;

typedef int (*open_fn)(const char *, int, ...);
typedef int (*openat_fn)(int, const char *, int, ...);
typedef FILE *(*fopen_fn)(const char *, const char *);
typedef FILE *(*freopen_fn)(const char *, const char *, FILE *);
typedef int (*open2_fn)(const char *, int);
typedef int (*openat2_fn)(int, const char *, int);

static open_fn real_open, real_open64;
static openat_fn real_openat, real_openat64;
static fopen_fn real_fopen, real_fopen64;
static freopen_fn real_freopen;
static open2_fn real___open_2, real___open64_2;
static openat2_fn real___openat_2;

/// `path` without `.` and `..` components and repeated slashes, into `out` (absolute input).
static void normalize(const char *path, char *out, size_t size) {
    size_t length = 0;
    const char *cursor = path;
    out[0] = '\0';
    while (*cursor) {
        while (*cursor == '/') cursor++;
        if (!*cursor) break;
        const char *end = strchr(cursor, '/');
        size_t part = end ? (size_t)(end - cursor) : strlen(cursor);
        if (part == 1 && cursor[0] == '.') {
        } else if (part == 2 && cursor[0] == '.' && cursor[1] == '.') {
            while (length > 0 && out[length - 1] != '/') length--;
            if (length > 0) length--;
            out[length] = '\0';
        } else if (length + 1 + part < size) {
            out[length++] = '/';
            memcpy(out + length, cursor, part);
            length += part;
            out[length] = '\0';
        }
        cursor += part;
    }
    if (length == 0 && size > 1) strcpy(out, "/");
}

static void add_root(const char *variable, int is_group_folder) {
    const char *value = getenv(variable);
    if (value == NULL || value[0] != '/') return;
    root_t *root = &roots[root_count];
    // Its real path, also when it does not exist yet (the app groups' folder is made on the first
    // containerURL call): the real path of its longest existing ancestor, then the rest.
    char *given = root->given;
    normalize(value, given, sizeof root->given);
    root->given_length = strlen(given);
    size_t cut = strlen(given);
    char prefix[PATH_MAX];
    for (;;) {
        memcpy(prefix, given, cut);
        prefix[cut] = '\0';
        if (cut == 0) strcpy(prefix, "/");
        if (realpath(prefix, root->path) != NULL) break;
        while (cut > 0 && given[cut - 1] != '/') cut--;
        if (cut > 0) cut--;
    }
    if (strcmp(root->path, "/") == 0) root->path[0] = '\0';
    if (strlen(root->path) + strlen(given + cut) >= sizeof root->path) return;
    strcat(root->path, given + cut);
    root->length = strlen(root->path);
    root->is_group_folder = is_group_folder;
    if (root->length > 1) root_count++;
}

static void configure(void) {
    real_open = (open_fn)dlsym(RTLD_NEXT, "open");
    real_open64 = (open_fn)dlsym(RTLD_NEXT, "open64");
    real_openat = (openat_fn)dlsym(RTLD_NEXT, "openat");
    real_openat64 = (openat_fn)dlsym(RTLD_NEXT, "openat64");
    real_fopen = (fopen_fn)dlsym(RTLD_NEXT, "fopen");
    real_fopen64 = (fopen_fn)dlsym(RTLD_NEXT, "fopen64");
    real_freopen = (freopen_fn)dlsym(RTLD_NEXT, "freopen");
    real___open_2 = (open2_fn)dlsym(RTLD_NEXT, "__open_2");
    real___open64_2 = (open2_fn)dlsym(RTLD_NEXT, "__open64_2");
    real___openat_2 = (openat2_fn)dlsym(RTLD_NEXT, "__openat_2");
    const char *state = getenv("NSESIM_LOCK_STATE");
    lock_state = STATE_UNLOCKED;
    for (int i = 0; state && i < 3; i++) {
        if (strcmp(state, state_names[i]) == 0) lock_state = i;
    }
    add_root("NSESIM_APP_GROUPS", 1);
    add_root("NSESIM_CONTAINER", 0);
    const char *log = getenv("NSESIM_FILE_PROTECTION_LOG");
    if (log && strlen(log) < sizeof log_path) strcpy(log_path, log);
}

__attribute__((constructor)) static void configure_at_load(void) { pthread_once(&configured, configure); }

void nsesim_file_protection_reconfigure(void) {
    pthread_once(&configured, configure);
    memset(roots, 0, sizeof roots);
    root_count = 0;
    log_path[0] = 0;
    log_lines = 0;
    configure();
}

static inline void ensure_configured(void) { pthread_once(&configured, configure); }

// MARK: - Which files are governed

static int is_below(const char *absolute, const char *folder, size_t length) {
    return length > 0 && strncmp(absolute, folder, length) == 0 && absolute[length] == '/' && absolute[length + 1];
}

/// The root `absolute` lies in (strictly below it), by its real path, or NULL.
static const root_t *root_of(const char *absolute) {
    for (int i = 0; i < root_count; i++) {
        if (is_below(absolute, roots[i].path, roots[i].length)) return &roots[i];
    }
    return NULL;
}

/// Whether `absolute` may lie in a root: below its real path or the path the environment gave.
static int may_be_governed(const char *absolute) {
    for (int i = 0; i < root_count; i++) {
        if (is_below(absolute, roots[i].path, roots[i].length) || is_below(absolute, roots[i].given, roots[i].given_length))
            return 1;
    }
    return 0;
}

/// `path` (relative to `dirfd` or the working folder) as an absolute, normalized path in
/// `out`, when it lies in an app group or the container (its real path when it exists).
static const root_t *governed(int dirfd, const char *path, char *out, size_t size) {
    if (path == NULL || root_count == 0) return NULL;
    char joined[PATH_MAX];
    if (path[0] == '/') {
        if (strlen(path) >= sizeof joined) return NULL;
        strcpy(joined, path);
    } else {
        char base[PATH_MAX];
        if (dirfd == AT_FDCWD) {
            if (getcwd(base, sizeof base) == NULL) return NULL;
        } else {
            char link[64];
            snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd);
            ssize_t length = readlink(link, base, sizeof base - 1);
            if (length <= 0) return NULL;
            base[length] = '\0';
        }
        if (snprintf(joined, sizeof joined, "%s/%s", base, path) >= (int)sizeof joined) return NULL;
    }
    normalize(joined, out, size);
    if (!may_be_governed(out)) return NULL;
    char resolved[PATH_MAX];
    if (realpath(out, resolved) != NULL) {
        if (strlen(resolved) >= size) return NULL;
        strcpy(out, resolved);
    } else {
        // A file to be created: its folder's real path, then its name.
        char *slash = strrchr(out, '/');
        if (slash != NULL && slash != out) {
            *slash = '\0';
            char folder[PATH_MAX];
            int found = realpath(out, folder) != NULL;
            *slash = '/';
            if (found && strlen(folder) + strlen(slash) < size) {
                strcat(folder, slash);
                strcpy(out, folder);
            }
        }
    }
    return root_of(out);
}

// MARK: - The class kept with a file

static int read_class(const char *path) {
    char value[64];
    ssize_t length = getxattr(path, attribute_name, value, sizeof value - 1);
    if (length < 0 && (errno == ENOTSUP || errno == EOPNOTSUPP)) {
        char sidecar[PATH_MAX + sizeof sidecar_suffix];
        snprintf(sidecar, sizeof sidecar, "%s%s", path, sidecar_suffix);
        int fd = real_open(sidecar, O_RDONLY | O_CLOEXEC);
        length = -1;
        if (fd >= 0) {
            length = read(fd, value, sizeof value - 1);
            close(fd);
        }
    }
    if (length <= 0) return CLASS_C;
    value[length] = '\0';
    int cls = class_named(value);
    return cls == CLASS_NONE_GIVEN ? CLASS_C : cls;
}

static void write_class(const char *path, int fd, int cls) {
    const char *name = class_names[cls];
    int result = fd >= 0 ? fsetxattr(fd, attribute_name, name, strlen(name), 0)
                         : setxattr(path, attribute_name, name, strlen(name), 0);
    if (result != 0 && (errno == ENOTSUP || errno == EOPNOTSUPP)) {
        char sidecar[PATH_MAX + sizeof sidecar_suffix];
        snprintf(sidecar, sizeof sidecar, "%s%s", path, sidecar_suffix);
        int out = real_open(sidecar, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (out >= 0) {
            ssize_t written = write(out, name, strlen(name));
            (void)written;
            close(out);
        }
    }
}

/// The class a new file at `path` gets: the one the extension asked for, else its SQLite
/// database's for a journal (`-journal`, `-wal`, `-shm`), else iOS's default.
static int class_for_new_file(const char *path) {
    if (pending_class != CLASS_NONE_GIVEN) return pending_class;
    static const char *const suffixes[] = {"-journal", "-wal", "-shm"};
    size_t length = strlen(path);
    for (int i = 0; i < 3; i++) {
        size_t suffix = strlen(suffixes[i]);
        if (length > suffix && strcmp(path + length - suffix, suffixes[i]) == 0 && length - suffix < PATH_MAX) {
            char database[PATH_MAX];
            memcpy(database, path, length - suffix);
            database[length - suffix] = '\0';
            struct stat info;
            if (stat(database, &info) == 0) return read_class(database);
        }
    }
    return CLASS_C;
}

// MARK: - The record

static void append_escaped(char *out, size_t size, size_t *length, const char *text) {
    for (const unsigned char *c = (const unsigned char *)text; *c && *length + 8 < size; c++) {
        if (*c == '"' || *c == '\\') {
            out[(*length)++] = '\\';
            out[(*length)++] = (char)*c;
        } else if (*c < 0x20) {
            *length += (size_t)snprintf(out + *length, size - *length, "\\u%04x", *c);
        } else {
            out[(*length)++] = (char)*c;
        }
    }
    out[*length] = '\0';
}

/// One JSON line in NSESIM_FILE_PROTECTION_LOG, which nsesim reads after the process:
/// the file (relative to the app groups' folder or the container), its class, the state,
/// what was done, and whether it was refused (or when it would be).
static void record(const root_t *root, const char *path, int cls, const char *operation, const char *call,
                   int refused, int failing) {
    if (log_path[0] == '\0') return;
    char line[PATH_MAX + 512];
    size_t length = 0;
    length += (size_t)snprintf(line, sizeof line, "{\"area\":\"%s\",\"path\":\"", root->is_group_folder ? "appGroup" : "container");
    append_escaped(line, sizeof line, &length, path + root->length + 1);
    length += (size_t)snprintf(line + length, sizeof line - length,
                               "\",\"protection\":\"%s\",\"lockState\":\"%s\",\"operation\":\"%s\",\"call\":\"%s\",\"refused\":%s",
                               class_names[cls], state_names[lock_state], operation, call, refused ? "true" : "false");
    if (failing >= 0 && length < sizeof line)
        length += (size_t)snprintf(line + length, sizeof line - length, ",\"failsWhen\":\"%s\"", state_names[failing]);
    // When, on the clock of Swift's ContinuousClock (CLOCK_BOOTTIME): nsesim makes it the
    // record's time from didReceive.
    struct timespec now;
    clock_gettime(CLOCK_BOOTTIME, &now);
    if (length < sizeof line)
        length += (size_t)snprintf(line + length, sizeof line - length, ",\"bootNs\":%lld",
                                   (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    if (length + 2 >= sizeof line) return;
    line[length++] = '}';
    line[length++] = '\n';
    pthread_mutex_lock(&log_lock);
    if (log_lines < 1000) {
        log_lines++;
        int fd = real_open(log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        if (fd >= 0) {
            ssize_t written = write(fd, line, length);
            (void)written;
            close(fd);
        }
    }
    pthread_mutex_unlock(&log_lock);
}

// MARK: - The check every open goes through

typedef struct {
    int governed;
    int creating;
    int cls;
    char path[PATH_MAX];
} decision_t;

/// 0 when the open may go ahead (`decision` says what to do after it), -1 with errno EPERM
/// when the lock state keeps the file out of reach.
static int check(int dirfd, const char *path, int flags, const char *call, decision_t *decision) {
    ensure_configured();
    decision->governed = 0;
    const root_t *root = governed(dirfd, path, decision->path, sizeof decision->path);
    if (root == NULL) return 0;
    struct stat info;
    int exists = stat(decision->path, &info) == 0;
    if (exists && !S_ISREG(info.st_mode)) return 0;
    if (!exists && !(flags & O_CREAT)) return 0;
    decision->governed = 1;
    decision->creating = !exists;
    decision->cls = exists ? read_class(decision->path) : class_for_new_file(decision->path);
    const char *operation = !exists ? "create" : (flags & O_ACCMODE) == O_RDONLY ? "read" : "write";
    if (!is_allowed(decision->cls, lock_state, decision->creating)) {
        record(root, decision->path, decision->cls, operation, call, 1, fails_when(decision->cls, decision->creating));
        errno = EPERM;
        return -1;
    }
    int failing = fails_when(decision->cls, decision->creating);
    if (failing == STATE_LOCKED && lock_state == STATE_UNLOCKED && pending_class == CLASS_NONE_GIVEN)
        record(root, decision->path, decision->cls, operation, call, 0, failing);
    return 0;
}

/// After a successful open: a new file keeps the class it was created with.
static void opened(const decision_t *decision, int fd) {
    if (fd >= 0 && decision->governed && decision->creating && decision->cls != CLASS_C)
        write_class(decision->path, fd, decision->cls);
}

static int open_flags_of_mode(const char *mode) {
    int flags = strchr(mode, '+') ? O_RDWR : (mode[0] == 'r' ? O_RDONLY : O_WRONLY);
    if (mode[0] == 'w' || mode[0] == 'a') flags |= O_CREAT;
    return flags;
}

// MARK: - The interposed calls

static mode_t mode_argument(int flags, va_list arguments) {
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(arguments, int) : 0;
}

int open(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    decision_t decision;
    if (check(AT_FDCWD, path, flags, "open", &decision) != 0) return -1;
    int fd = real_open(path, flags, mode);
    opened(&decision, fd);
    return fd;
}

int open64(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    decision_t decision;
    if (check(AT_FDCWD, path, flags, "open64", &decision) != 0) return -1;
    int fd = real_open64(path, flags, mode);
    opened(&decision, fd);
    return fd;
}

int openat(int dirfd, const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    decision_t decision;
    if (check(dirfd, path, flags, "openat", &decision) != 0) return -1;
    int fd = real_openat(dirfd, path, flags, mode);
    opened(&decision, fd);
    return fd;
}

int openat64(int dirfd, const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    decision_t decision;
    if (check(dirfd, path, flags, "openat64", &decision) != 0) return -1;
    int fd = real_openat64(dirfd, path, flags, mode);
    opened(&decision, fd);
    return fd;
}

int __open_2(const char *path, int flags) {
    decision_t decision;
    if (check(AT_FDCWD, path, flags, "open", &decision) != 0) return -1;
    int fd = real___open_2(path, flags);
    opened(&decision, fd);
    return fd;
}

int __open64_2(const char *path, int flags) {
    decision_t decision;
    if (check(AT_FDCWD, path, flags, "open64", &decision) != 0) return -1;
    int fd = real___open64_2(path, flags);
    opened(&decision, fd);
    return fd;
}

int __openat_2(int dirfd, const char *path, int flags) {
    decision_t decision;
    if (check(dirfd, path, flags, "openat", &decision) != 0) return -1;
    int fd = real___openat_2(dirfd, path, flags);
    opened(&decision, fd);
    return fd;
}

int creat(const char *path, mode_t mode) { return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode); }

int creat64(const char *path, mode_t mode) { return open64(path, O_WRONLY | O_CREAT | O_TRUNC, mode); }

FILE *fopen(const char *path, const char *mode) {
    decision_t decision;
    if (mode && check(AT_FDCWD, path, open_flags_of_mode(mode), "fopen", &decision) != 0) return NULL;
    FILE *file = real_fopen(path, mode);
    if (mode && file) opened(&decision, fileno(file));
    return file;
}

FILE *fopen64(const char *path, const char *mode) {
    decision_t decision;
    if (mode && check(AT_FDCWD, path, open_flags_of_mode(mode), "fopen64", &decision) != 0) return NULL;
    FILE *file = real_fopen64(path, mode);
    if (mode && file) opened(&decision, fileno(file));
    return file;
}

FILE *freopen(const char *path, const char *mode, FILE *stream) {
    decision_t decision;
    decision.governed = 0;
    if (path && mode && check(AT_FDCWD, path, open_flags_of_mode(mode), "freopen", &decision) != 0) return NULL;
    FILE *file = real_freopen(path, mode, stream);
    if (file) opened(&decision, fileno(file));
    return file;
}

// MARK: - What the build copy calls (found with dlsym)

int nsesim_file_protection_begin(const char *path, const char *protection) {
    ensure_configured();
    int cls = class_named(protection);
    pending_class = cls;
    char absolute[PATH_MAX];
    const root_t *root = governed(AT_FDCWD, path, absolute, sizeof absolute);
    if (root == NULL || cls == CLASS_NONE_GIVEN) return 0;
    // The file is written in its new class (an atomic write makes a new file): iOS must be able
    // to create a file of that class now.
    if (!is_allowed(cls, lock_state, 1)) {
        record(root, absolute, cls, "create", "write", 1, fails_when(cls, 1));
        pending_class = CLASS_NONE_GIVEN;
        return EPERM;
    }
    if (lock_state == STATE_UNLOCKED && fails_when(cls, 0) == STATE_LOCKED)
        record(root, absolute, cls, "create", "write", 0, STATE_LOCKED);
    return 0;
}

void nsesim_file_protection_end(const char *path, int succeeded) {
    ensure_configured();
    int cls = pending_class;
    pending_class = CLASS_NONE_GIVEN;
    char absolute[PATH_MAX];
    if (!succeeded || cls == CLASS_NONE_GIVEN || governed(AT_FDCWD, path, absolute, sizeof absolute) == NULL) return;
    write_class(absolute, -1, cls);
}

int nsesim_file_protection_set(const char *path, const char *protection) {
    ensure_configured();
    int cls = class_named(protection);
    char absolute[PATH_MAX];
    const root_t *root = governed(AT_FDCWD, path, absolute, sizeof absolute);
    struct stat info;
    if (root == NULL || cls == CLASS_NONE_GIVEN || stat(absolute, &info) != 0 || !S_ISREG(info.st_mode)) return 0;
    // The file's data is encrypted again: its current class and the new one must be in reach.
    int current = read_class(absolute);
    if (!is_allowed(current, lock_state, 0)) {
        record(root, absolute, current, "protect", "setAttributes", 1, fails_when(current, 0));
        return EPERM;
    }
    if (!is_allowed(cls, lock_state, 1)) {
        record(root, absolute, cls, "protect", "setAttributes", 1, fails_when(cls, 1));
        return EPERM;
    }
    if (lock_state == STATE_UNLOCKED && fails_when(cls, 0) == STATE_LOCKED)
        record(root, absolute, cls, "protect", "setAttributes", 0, STATE_LOCKED);
    write_class(absolute, -1, cls);
    return 0;
}
