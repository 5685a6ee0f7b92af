// The extension zygote (docs/ARCHITECTURE.md, "Starting extension processes").
//
// `nsesim-extension-host --zygote PLUGIN.so PARENT` is the host executable with its libraries
// (Foundation, the Swift runtime, the C library) loaded, bound and relocated once, and nothing
// else: no extension code, no Foundation call, a single thread. For each request nsesim sends
// on the control socket it clones itself into a fresh process (CLONE_PARENT: nsesim's child,
// which nsesim waits for and signals as for a spawned one) that runs exactly the host's path
// (the extension's library loaded with dlopen, its entry point called) and exits. Each process
// is new (a new pid, a session of its own, its own environment and working directory) and
// runs its extension from the start: what it saves is the exec and the loader's work, as
// dyld's shared cache saves it for an iOS extension.
//
// C, not Swift: the zygote must stay single-threaded and call nothing that caches state (an
// environment, a thread id) before it forks; Swift gives no control over what its runtime
// does meanwhile.
#define _GNU_SOURCE
#include "NSESimZygote.h"

#include <dirent.h>
#include <elf.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef P_PIDFD
#define P_PIDFD 3
#endif
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif

extern char **environ;

/// The largest request (working directory and environment) accepted.
#define REQUEST_LIMIT (1 << 20)
#define REQUEST_MAGIC 0x6e73657aU /* "nsez" */
static const char entry_symbol[] = "nsesim_extension_main_v1";

struct request_header {
    uint32_t magic;
    uint32_t length;
};

// MARK: - Thread ids a forked process must not inherit

/// Where glibc keeps the calling thread's id in its thread descriptor (set by glibc's own
/// fork, not by a raw clone), found once by comparing a glibc fork's child with its parent;
/// -1: not found.
static long descriptor_tid_offset = -1;
static void *robust_head;
static size_t robust_length;

static void find_descriptor_tid_offset(void) {
    enum { SCAN = 0x400 };
    const unsigned char *self = (const unsigned char *)pthread_self();
    pid_t me = (pid_t)syscall(SYS_gettid);
    int pipes[2];
    if (pipe2(pipes, O_CLOEXEC) != 0) return;
    pid_t child = fork();
    if (child == 0) {
        pid_t mine = (pid_t)syscall(SYS_gettid);
        long found = -1;
        for (long offset = 0; offset + (long)sizeof(pid_t) <= SCAN; offset += sizeof(pid_t)) {
            pid_t parent_value, value;
            (void)parent_value;
            memcpy(&value, self + offset, sizeof value);
            if (value == mine) { found = offset; break; }
        }
        (void)!write(pipes[1], &found, sizeof found);
        _exit(0);
    }
    close(pipes[1]);
    long found = -1;
    if (child > 0) {
        if (read(pipes[0], &found, sizeof found) != sizeof found) found = -1;
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    }
    close(pipes[0]);
    // The same slot must hold this thread's id here.
    if (found >= 0) {
        pid_t value;
        memcpy(&value, self + found, sizeof value);
        if (value == me) descriptor_tid_offset = found;
    }
}

/// Thread ids cached in thread-local storage (the Swift runtime's locks cache the thread's
/// id there and use it as a priority-inheritance futex's owner): each holding the zygote's
/// id gets the new process's.
static int fix_cached_tids(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    const pid_t *ids = context;
    if (info->dlpi_tls_data == NULL) return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        if (info->dlpi_phdr[i].p_type != PT_TLS) continue;
        unsigned char *block = info->dlpi_tls_data;
        size_t length = info->dlpi_phdr[i].p_memsz;
        for (size_t offset = 0; offset + sizeof(pid_t) <= length; offset += sizeof(pid_t)) {
            pid_t value;
            memcpy(&value, block + offset, sizeof value);
            if (value == ids[0]) memcpy(block + offset, &ids[1], sizeof ids[1]);
        }
    }
    return 0;
}

/// libdispatch binds its main queue to the thread that loaded it (the thread's id in the
/// queue's lock word, checked each time the main queue is drained): the zygote's. 128 bytes,
/// the object's size in libdispatch's symbol table.
static unsigned char *dispatch_main_queue;
#define DISPATCH_MAIN_QUEUE_SIZE 128

/// A raw clone leaves the thread's id of the zygote wherever the zygote's libraries cached it
/// (glibc's fork updates its own, through the same kernel feature as CLONE_CHILD_SETTID):
/// corrects them, and registers the robust-mutex list again (the kernel does not copy it).
static void become_own_thread(pid_t zygote) {
    pid_t ids[2] = {zygote, (pid_t)syscall(SYS_gettid)};
    if (descriptor_tid_offset >= 0) {
        memcpy((unsigned char *)pthread_self() + descriptor_tid_offset, &ids[1], sizeof ids[1]);
    }
    dl_iterate_phdr(fix_cached_tids, ids);
    if (dispatch_main_queue != NULL) {
        for (size_t offset = 0; offset + sizeof(pid_t) <= DISPATCH_MAIN_QUEUE_SIZE; offset += sizeof(pid_t)) {
            pid_t value;
            memcpy(&value, dispatch_main_queue + offset, sizeof value);
            if (value == ids[0]) memcpy(dispatch_main_queue + offset, &ids[1], sizeof ids[1]);
        }
    }
    if (robust_head != NULL) syscall(SYS_set_robust_list, robust_head, robust_length);
}

// MARK: - The library pages a spawned host has mapped

/// A fork does not copy the page-table entries of a private file mapping (a library's code,
/// read-only data, symbol tables) that has no anonymous page: the kernel fills them again at
/// the first touch. A forked process would then start with ~15 MB fewer resident pages than a
/// spawned host has at the same point, and grow by each of them it touches: its growth above
/// the `ready` baseline, which the memory limit measures, would count pages a spawned
/// extension had from the start (ImageResize: 24.2 MB against 21.7 spawned, killed).
///
/// So each such mapping the zygote has pages of gets one anonymous page: one page rewritten
/// with its own bytes (the write copies it, as a debugger's breakpoint does; the mapping's
/// protection is restored). The kernel then copies all of that mapping's entries at each fork,
/// and a child starts and grows as a spawned host does. Where that cannot be done (a
/// protection that cannot be changed), the child maps the pages itself
/// (MADV_POPULATE_READ: page-cache pages, no read from disk; ~250 ns a page).
struct page_run {
    uintptr_t start;
    size_t length;
};
static struct page_run *resident_runs;
static size_t resident_run_count;

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

static void append_run(size_t *capacity, uintptr_t start, size_t length) {
    if (resident_run_count > 0) {
        struct page_run *last = &resident_runs[resident_run_count - 1];
        if (last->start + last->length == start) { last->length += length; return; }
    }
    if (resident_run_count == *capacity) {
        size_t grown = *capacity ? *capacity * 2 : 256;
        struct page_run *runs = realloc(resident_runs, grown * sizeof *runs);
        if (runs == NULL) return;
        resident_runs = runs;
        *capacity = grown;
    }
    resident_runs[resident_run_count++] = (struct page_run){start, length};
}

/// Gives the private file mapping [start, end) (protection `permissions`, as /proc/self/maps
/// writes it) an anonymous page at `page_at`, which holds the same bytes: 1 when done.
static int copy_one_page(uintptr_t start, uintptr_t end, const char *permissions, uintptr_t page_at) {
    if (permissions[3] != 'p') return 0;
    int protection = PROT_READ | (permissions[1] == 'w' ? PROT_WRITE : 0) | (permissions[2] == 'x' ? PROT_EXEC : 0);
    if (!(protection & PROT_WRITE) && mprotect((void *)start, end - start, protection | PROT_WRITE) != 0) return 0;
    volatile unsigned char *byte = (volatile unsigned char *)page_at;
    *byte = *byte;
    if (!(protection & PROT_WRITE) && mprotect((void *)start, end - start, protection) != 0) {
        // Left writable: a library's code must not stay so. Not expected; the zygote refuses.
        _exit(5);
    }
    return 1;
}

/// Reads /proc/self/maps and /proc/self/pagemap (bit 63: the page is present) for every
/// private mapping of a file, and gives each with present pages its anonymous page (else its
/// present pages are noted for the children to map).
static void keep_file_pages_across_fork(void) {
    FILE *maps = fopen("/proc/self/maps", "re");
    int pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (maps == NULL || pagemap < 0) {
        if (maps != NULL) fclose(maps);
        if (pagemap >= 0) close(pagemap);
        return;
    }
    // The mappings first (changing protections while reading the file would change it).
    struct mapping { uintptr_t start, end; char permissions[8]; } *mappings = NULL;
    size_t mapping_count = 0, mapping_capacity = 0;
    char line[4096];
    while (fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end, inode;
        char permissions[8];
        int path_at = 0;
        if (sscanf(line, "%lx-%lx %7s %*s %*s %lu %n", &start, &end, permissions, &inode, &path_at) < 4) continue;
        if (inode == 0 || line[path_at] != '/' || permissions[0] != 'r') continue;
        if (mapping_count == mapping_capacity) {
            size_t grown = mapping_capacity ? mapping_capacity * 2 : 256;
            struct mapping *more = realloc(mappings, grown * sizeof *more);
            if (more == NULL) break;
            mappings = more;
            mapping_capacity = grown;
        }
        mappings[mapping_count].start = start;
        mappings[mapping_count].end = end;
        memcpy(mappings[mapping_count].permissions, permissions, sizeof permissions);
        mapping_count++;
    }
    fclose(maps);
    size_t page = (size_t)sysconf(_SC_PAGESIZE), capacity = 0;
    uint64_t entries[512];
    for (size_t m = 0; m < mapping_count; m++) {
        uintptr_t first_present = 0;
        size_t runs_before = resident_run_count;
        for (uintptr_t at = mappings[m].start; at < mappings[m].end;) {
            size_t count = (mappings[m].end - at) / page;
            if (count > 512) count = 512;
            ssize_t got = pread(pagemap, entries, count * sizeof entries[0], (off_t)(at / page * sizeof entries[0]));
            if (got <= 0) break;
            size_t read_count = (size_t)got / sizeof entries[0];
            for (size_t i = 0; i < read_count; i++) {
                if (!(entries[i] >> 63)) continue;
                if (first_present == 0) first_present = at + i * page;
                append_run(&capacity, at + i * page, page);
            }
            at += read_count * page;
        }
        if (first_present != 0 && copy_one_page(mappings[m].start, mappings[m].end, mappings[m].permissions, first_present)) {
            resident_run_count = runs_before;  // the fork copies them
        }
    }
    free(mappings);
    close(pagemap);
}

static void map_resident_file_pages(void) {
    for (size_t i = 0; i < resident_run_count; i++) {
        madvise((void *)resident_runs[i].start, resident_runs[i].length, MADV_POPULATE_READ);
    }
}

// MARK: - The command line and environment the kernel shows

/// The zygote's command line and environment strings, contiguous as the kernel placed them
/// (what /proc/PID/cmdline and /proc/PID/environ read): a child writes its own there.
static char *argument_area, *environment_area;
static size_t argument_capacity, environment_capacity;

static void find_areas(int argc, char **argv) {
    if (argc > 0 && argv[0] != NULL) {
        char *end = argv[argc - 1] + strlen(argv[argc - 1]) + 1;
        argument_area = argv[0];
        argument_capacity = (size_t)(end - argv[0]);
    }
    if (environ != NULL && environ[0] != NULL) {
        size_t count = 0;
        while (environ[count] != NULL) count++;
        char *end = environ[count - 1] + strlen(environ[count - 1]) + 1;
        // Contiguous, as the kernel lays them out (nothing changed them yet).
        char *at = environ[0];
        for (size_t i = 0; i < count; i++) {
            if (environ[i] != at) return;
            at += strlen(at) + 1;
        }
        environment_area = environ[0];
        environment_capacity = (size_t)(end - environ[0]);
    }
}

// MARK: - CoreFoundation's copy of the environment

/// CoreFoundation reads some variables once, when Foundation loads (`__CFEnv`: HOME, TZ,
/// PATH, USER, ...: name and value pairs, filled by `__CFInitialize` with getenv's pointers),
/// which happened in the zygote: each child fills the table again from its own environment,
/// as its own load would have. NULL: Foundation is not loaded.
static const char **cf_environment;

/// A local symbol's address in a loaded library, from the file's symbol table.
struct symbol_search {
    const char *library;  // the file name's end, e.g. "/libFoundation.so"
    const char *symbol;
    int loaded;
    void *address;
};

static void *find_local_symbol(const char *path, ElfW(Addr) base, const char *name) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat info;
    void *found = NULL;
    if (fstat(fd, &info) == 0 && (size_t)info.st_size > sizeof(ElfW(Ehdr))) {
        unsigned char *file = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (file != MAP_FAILED) {
            const ElfW(Ehdr) *header = (const ElfW(Ehdr) *)file;
            size_t size = (size_t)info.st_size;
            if (memcmp(header->e_ident, ELFMAG, SELFMAG) == 0 && header->e_shoff + (size_t)header->e_shnum * sizeof(ElfW(Shdr)) <= size) {
                const ElfW(Shdr) *sections = (const ElfW(Shdr) *)(file + header->e_shoff);
                for (int i = 0; i < header->e_shnum && found == NULL; i++) {
                    if (sections[i].sh_type != SHT_SYMTAB || sections[i].sh_link >= header->e_shnum) continue;
                    const ElfW(Shdr) *strings = &sections[sections[i].sh_link];
                    if (sections[i].sh_offset + sections[i].sh_size > size || strings->sh_offset + strings->sh_size > size) continue;
                    const ElfW(Sym) *symbols = (const ElfW(Sym) *)(file + sections[i].sh_offset);
                    size_t count = sections[i].sh_size / sizeof(ElfW(Sym));
                    const char *names = (const char *)(file + strings->sh_offset);
                    for (size_t j = 0; j < count; j++) {
                        if (symbols[j].st_name >= strings->sh_size || symbols[j].st_value == 0) continue;
                        if (strcmp(names + symbols[j].st_name, name) == 0) {
                            found = (void *)(base + symbols[j].st_value);
                            break;
                        }
                    }
                }
            }
            munmap(file, size);
        }
    }
    close(fd);
    return found;
}

static int search_library(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    struct symbol_search *search = context;
    const char *name = info->dlpi_name;
    size_t length = strlen(name), suffix = strlen(search->library);
    if (length < suffix || strcmp(name + length - suffix, search->library) != 0) return 0;
    search->loaded = 1;
    search->address = find_local_symbol(name, info->dlpi_addr, search->symbol);
    return 1;
}

/// Finds CoreFoundation's table; 0, or -1 when Foundation is loaded and the table is not
/// found (a stripped library): the zygote cannot give a child its environment then.
static int find_cf_environment(void) {
    struct symbol_search search = {"/libFoundation.so", "__CFEnv", 0, NULL};
    dl_iterate_phdr(search_library, &search);
    if (!search.loaded) return 0;
    if (search.address == NULL) return -1;
    cf_environment = search.address;
    return 0;
}

/// CoreFoundation's executable path and name (`__CFProcessPath`, `__CFprogname`: what
/// `Bundle.main` starts from, read from /proc/self/exe at the first use). A child's executable
/// is the zygote's file, which one bundle's hard link named: each child names its own host
/// there, so that its `Bundle.main` is its own bundle (its Info.plist) as a spawned host's is.
static const char **cf_process_path, **cf_program_name;

static int find_cf_process_path(void) {
    if (cf_environment == NULL) return 0;  // no Foundation
    struct symbol_search path = {"/libFoundation.so", "__CFProcessPath", 0, NULL};
    struct symbol_search name = {"/libFoundation.so", "__CFprogname", 0, NULL};
    dl_iterate_phdr(search_library, &path);
    dl_iterate_phdr(search_library, &name);
    if (path.address == NULL || name.address == NULL) return -1;
    cf_process_path = path.address;
    cf_program_name = name.address;
    return 0;
}

static void set_cf_process_path(const char *host) {
    if (cf_process_path == NULL) return;
    char *path = strdup(host);
    if (path == NULL) _exit(4);
    const char *slash = strrchr(path, '/');
    *cf_process_path = path;
    *cf_program_name = slash != NULL ? slash + 1 : path;
}

static void refresh_cf_environment(void) {
    if (cf_environment == NULL) return;
    for (int i = 0; i < 64 && cf_environment[2 * i] != NULL; i++) {
        cf_environment[2 * i + 1] = getenv(cf_environment[2 * i]);
    }
}

// MARK: - The forked process

static void append_escaped(char *out, size_t size, size_t *length, const char *text) {
    for (; *text && *length + 3 < size; text++) {
        unsigned char c = (unsigned char)*text;
        if (c == '\\' || c == '"') { out[(*length)++] = '\\'; out[(*length)++] = (char)c; }
        else if (c == '\n') { out[(*length)++] = '\\'; out[(*length)++] = 'n'; }
        else if (c < 0x20) out[(*length)++] = ' ';
        else out[(*length)++] = (char)c;
    }
}

/// The host's `failed` event, then exit 3 (as `nsesim-extension-host` does).
static void fail(int events, const char *first, const char *second, const char *third, const char *fourth) {
    char line[4096];
    size_t length = 0;
    const char prefix[] = "{\"v\":1,\"type\":\"failed\",\"message\":\"";
    memcpy(line, prefix, sizeof prefix - 1);
    length = sizeof prefix - 1;
    append_escaped(line, sizeof line - 8, &length, first);
    append_escaped(line, sizeof line - 8, &length, second);
    append_escaped(line, sizeof line - 8, &length, third);
    append_escaped(line, sizeof line - 8, &length, fourth);
    memcpy(line + length, "\"}\n", 3);
    length += 3;
    (void)!write(events, line, length);
    exit(3);
}

/// The new process: its own session, descriptors, working directory and environment, then
/// exactly `nsesim-extension-host PLUGIN.so`'s path. Never returns.
static void run_child(pid_t zygote, int control, const int fds[3], char *block, size_t length) {
    become_own_thread(zygote);
    map_resident_file_pages();
    setsid();  // a session and process group of its own: a SIGKILL to the group reaches all it starts
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);  // the orphans of what it starts stay below it
    // nsesim (its parent, as for a spawned host) and what nsesim starts may read its stacks
    // when it hangs (eu-stack), where Yama allows tracing only by ancestors
    // (docs/crashes-and-hangs.md#hangs). Without Yama the call fails and changes nothing.
    prctl(PR_SET_PTRACER, (unsigned long)getppid(), 0, 0, 0);
    close(control);
    for (int i = 0; i < 3; i++) {
        if (fds[i] != i) dup2(fds[i], i);
    }
    // Its copies of the three (close-on-exec, as everything the zygote opens; what the
    // libraries opened at load stays open, as in a spawned host).
    for (int i = 0; i < 3; i++) {
        if (fds[i] > 2) close(fds[i]);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);

    // The protocol's descriptors, then standard output to standard error (the host's path).
    int commands = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
    int events = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (commands < 0 || events < 0) _exit(4);
    dup2(STDERR_FILENO, STDOUT_FILENO);
    int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null >= 0) { dup2(null, STDIN_FILENO); close(null); }

    // The block: the host's path (its command's first word), the extension's library, the
    // working directory, then the environment, each ended by NUL.
    const char *host = block;
    size_t used = strlen(host) + 1;
    if (used >= length) _exit(4);
    const char *plugin = block + used;
    used += strlen(plugin) + 1;
    if (used >= length) _exit(4);
    const char *directory = block + used;
    used += strlen(directory) + 1;
    size_t count = 0;
    for (size_t at = used; at < length; at += strlen(block + at) + 1) count++;
    char **variables = calloc(count + 1, sizeof(char *));
    if (variables == NULL) _exit(4);
    // Its environment where the kernel shows a process's (/proc/PID/environ), when it fits in
    // the zygote's (which nsesim pads), so that it reads as a spawned process's; else beside.
    size_t environment_length = length - used;
    char *strings = block + used;
    if (environment_area != NULL && environment_length <= environment_capacity) {
        memcpy(environment_area, strings, environment_length);
        memset(environment_area + environment_length, 0, environment_capacity - environment_length);
        strings = environment_area;
    }
    size_t index = 0;
    for (size_t at = 0; at < environment_length && index < count; at += strlen(strings + at) + 1) variables[index++] = strings + at;
    environ = variables;
    // Its command line as a spawned process's: `HOST PLUGIN.so` (the zygote's is padded too).
    if (argument_area != NULL) {
        size_t host_length = strlen(host) + 1, plugin_length = strlen(plugin) + 1;
        if (host_length + plugin_length <= argument_capacity) {
            memmove(argument_area, host, host_length);
            memmove(argument_area + host_length, plugin, plugin_length);
            memset(argument_area + host_length + plugin_length, 0, argument_capacity - host_length - plugin_length);
        }
    }
    if (chdir(directory) != 0) fail(events, "cannot enter the extension's container ", directory, ": ", strerror(errno));

    refresh_cf_environment();
    set_cf_process_path(host);
    // The file-protection interposer read the zygote's environment at load: it reads this one.
    void (*reconfigure)(void) = (void (*)(void))dlsym(RTLD_DEFAULT, "nsesim_file_protection_reconfigure");
    if (reconfigure != NULL) reconfigure();

    void *handle = dlopen(plugin, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *error = dlerror();
        fail(events, "cannot load the extension ", plugin, ": ", error ? error : "");
    }
    void *symbol = dlsym(handle, entry_symbol);
    if (symbol == NULL) fail(events, plugin, " has no nsesim_extension_main_v1 entry point: build the extension with `nsesim build`", "", "");
    int (*entry)(int, int) = (int (*)(int, int))symbol;
    // Never dlclose a Swift library (the next dynamic cast would crash): the process simply exits.
    exit(entry(commands, events));
}

// MARK: - The zygote

static int only_thread(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (tasks == NULL) return 0;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] != '.') count++;
    }
    closedir(tasks);
    return count == 1;
}

int nsesim_zygote_serve(int argc, char **argv) {
    int control = NSESIM_ZYGOTE_CONTROL_FD;
    if (argc < 4) return 64;
    pid_t parent = (pid_t)atoi(argv[2]);
    find_areas(argc, argv);
    // Ends with nsesim: when nsesim exits or is killed, its end of the control socket closes
    // and the loop below returns. (Not PR_SET_PDEATHSIG: it fires when the *thread* that
    // spawned the zygote ends, and nsesim's pool threads come and go.)
    if (getppid() != parent) return 0;
    if (chdir("/") != 0) return 1;
    // The libraries every extension links (nsesim's UserNotifications and what it links):
    // loaded and relocated once, as iOS's shared cache holds its frameworks; the extension's
    // own library and what only it links are each child's. Loading runs no Swift code;
    // the prewarm below runs the runtime's, on values only.
    void (*prewarm)(void) = NULL;
    for (int i = 4; i < argc; i++) {
        void *handle = dlopen(argv[i], RTLD_LAZY | RTLD_LOCAL);
        if (handle == NULL) return 6;
        if (prewarm == NULL) prewarm = (void (*)(void))dlsym(handle, "nsesim_runtime_prewarm_v1");
    }
    // The runtime's protocol work once (NSESimRuntime's ZygotePrewarm.swift): the type metadata
    // it makes is then every child's from the start. It starts no thread (checked below).
    if (prewarm != NULL) prewarm();
    // A fork copies only the calling thread: a zygote with another thread (one a library
    // started as it loaded) would hand its children a half-held lock. Refused: nsesim spawns
    // instead.
    if (!only_thread()) return 2;
    if (find_cf_environment() != 0 || find_cf_process_path() != 0) return 3;
    dispatch_main_queue = dlsym(RTLD_DEFAULT, "_dispatch_main_q");
    find_descriptor_tid_offset();
    syscall(SYS_get_robust_list, 0, &robust_head, &robust_length);
    keep_file_pages_across_fork();
    pid_t zygote = getpid();

    size_t capacity = sizeof(struct request_header) + REQUEST_LIMIT;
    char *buffer = malloc(capacity + 1);
    if (buffer == NULL) return 1;
    for (;;) {
        struct iovec vector = {buffer, capacity};
        union {
            struct cmsghdr header;
            char space[CMSG_SPACE(3 * sizeof(int))];
        } ancillary;
        struct msghdr message = {0};
        message.msg_iov = &vector;
        message.msg_iovlen = 1;
        message.msg_control = ancillary.space;
        message.msg_controllen = sizeof ancillary.space;
        ssize_t received = recvmsg(control, &message, MSG_CMSG_CLOEXEC);
        if (received == 0) return 0;  // nsesim closed its end: the command is over
        if (received < 0) {
            if (errno == EINTR) continue;
            return 1;
        }
        int fds[3] = {-1, -1, -1};
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        if (header != NULL && header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_RIGHTS &&
            header->cmsg_len == CMSG_LEN(3 * sizeof(int))) {
            memcpy(fds, CMSG_DATA(header), sizeof fds);
        }
        struct request_header request;
        int32_t answer;
        if ((size_t)received < sizeof request || fds[0] < 0 || (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC))) {
            answer = -EINVAL;
        } else {
            memcpy(&request, buffer, sizeof request);
            char *block = buffer + sizeof request;
            size_t length = (size_t)received - sizeof request;
            if (request.magic != REQUEST_MAGIC || request.length != length || length == 0 || block[length - 1] != 0) {
                answer = -EINVAL;
            } else {
                // CLONE_PARENT: the new process is nsesim's child, as a spawned one is.
                long pid = syscall(SYS_clone, (unsigned long)(CLONE_PARENT | SIGCHLD), 0UL, 0UL, 0UL, 0UL);
                if (pid == 0) run_child(zygote, control, fds, block, length);
                answer = pid > 0 ? (int32_t)pid : -errno;
            }
        }
        for (int i = 0; i < 3; i++) {
            if (fds[i] >= 0) close(fds[i]);
        }
        if (send(control, &answer, sizeof answer, MSG_NOSIGNAL) != sizeof answer) return 0;
    }
}

// MARK: - nsesim's side

pid_t nsesim_zygote_start(const char *host, char *const envp[], char *const libraries[], int *control) {
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) return -errno;
    // The requests' size: the environment of every process passes here.
    int size = 2 * REQUEST_LIMIT;
    setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
    setsockopt(pair[1], SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, pair[1], NSESIM_ZYGOTE_CONTROL_FD);
    // Nothing else of nsesim's (as swift-subprocess gives a spawned host nothing else).
    posix_spawn_file_actions_addclosefrom_np(&actions, NSESIM_ZYGOTE_CONTROL_FD + 1);
    // Its own session (a terminal's ^C goes to nsesim, which ends it), default signal
    // dispositions and an empty mask, as swift-subprocess gives a spawned process.
    sigset_t all, none;
    sigfillset(&all);
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    char parent[32];
    snprintf(parent, sizeof parent, "%d", (int)getpid());
    // Room for each child's command line (`HOST PLUGIN.so`, up to 4 KB) and environment (the zygote's
    // and the container's) where the kernel shows them.
    char padding[4096];
    memset(padding, ' ', sizeof padding - 1);
    padding[sizeof padding - 1] = 0;
    static const char room[] = "NSESIM_ZYGOTE_ROOM=";
    size_t room_length = 32768;
    char *room_variable = malloc(sizeof room + room_length);
    size_t count = 0;
    while (envp[count] != NULL) count++;
    char **environment = calloc(count + 2, sizeof(char *));
    if (room_variable == NULL || environment == NULL) {
        free(room_variable);
        free(environment);
        close(pair[0]);
        close(pair[1]);
        return -ENOMEM;
    }
    memcpy(room_variable, room, sizeof room - 1);
    memset(room_variable + sizeof room - 1, ' ', room_length);
    room_variable[sizeof room - 1 + room_length] = 0;
    memcpy(environment, envp, count * sizeof(char *));
    environment[count] = room_variable;
    // Its first word names no bundle: the zygote serves every bundle linking this host.
    size_t library_count = 0;
    while (libraries != NULL && libraries[library_count] != NULL) library_count++;
    char **arguments = calloc(library_count + 5, sizeof(char *));
    if (arguments == NULL) {
        free(room_variable);
        free(environment);
        close(pair[0]);
        close(pair[1]);
        return -ENOMEM;
    }
    arguments[0] = "nsesim-extension-host";
    arguments[1] = "--zygote";
    arguments[2] = parent;
    arguments[3] = padding;
    for (size_t i = 0; i < library_count; i++) arguments[4 + i] = libraries[i];
    pid_t pid;
    int error = posix_spawn(&pid, host, &actions, &attributes, arguments, environment);
    free(arguments);
    free(room_variable);
    free(environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(pair[1]);
    if (error != 0) {
        close(pair[0]);
        return -error;
    }
    *control = pair[0];
    return pid;
}

pid_t nsesim_zygote_fork(int control, const int fds[3], const char *block, size_t length) {
    if (length == 0 || length > REQUEST_LIMIT) return -E2BIG;
    struct request_header header = {REQUEST_MAGIC, (uint32_t)length};
    struct iovec vector[2] = {{&header, sizeof header}, {(void *)block, length}};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(3 * sizeof(int))];
    } ancillary;
    memset(&ancillary, 0, sizeof ancillary);
    struct msghdr message = {0};
    message.msg_iov = vector;
    message.msg_iovlen = 2;
    message.msg_control = ancillary.space;
    message.msg_controllen = sizeof ancillary.space;
    struct cmsghdr *cmsg = CMSG_FIRSTHDR(&message);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(3 * sizeof(int));
    memcpy(CMSG_DATA(cmsg), fds, 3 * sizeof(int));
    ssize_t sent;
    do { sent = sendmsg(control, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    if (sent < 0) return -errno;
    if ((size_t)sent != sizeof header + length) return -EIO;
    int32_t answer;
    ssize_t received;
    do { received = recv(control, &answer, sizeof answer, 0); } while (received < 0 && errno == EINTR);
    if (received < 0) return -errno;
    if (received != sizeof answer) return -EPIPE;  // the zygote is gone
    return answer;
}

int nsesim_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC) == 0 ? 0 : -errno;
}

int nsesim_pidfd_open(pid_t pid) {
    long fd = syscall(SYS_pidfd_open, pid, 0);
    return fd < 0 ? -errno : (int)fd;
}

int nsesim_pidfd_reap(int pidfd, int *exited, int *code) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int rc;
    do { rc = waitid((idtype_t)P_PIDFD, (id_t)pidfd, &info, WEXITED); } while (rc < 0 && errno == EINTR);
    if (rc < 0) return -errno;
    *exited = info.si_code == CLD_EXITED;
    *code = info.si_status;
    return 0;
}
