#ifndef NSESIM_ZYGOTE_H
#define NSESIM_ZYGOTE_H

#include <stddef.h>
#include <sys/types.h>

/// The control socket's descriptor in a zygote (`nsesim-extension-host --zygote PARENT PADDING [LIBRARY...]`).
#define NSESIM_ZYGOTE_CONTROL_FD 3

/// Serves fork requests on NSESIM_ZYGOTE_CONTROL_FD until it closes (the zygote's whole
/// life); returns the zygote's exit status. A forked child never returns: it runs the
/// request's extension library exactly as `nsesim-extension-host PLUGIN.so` does and exits.
/// `argv`: the zygote's command line (argv[2]: nsesim's pid, the zygote ends when it is gone;
/// argv[4...]: libraries loaded before the first fork, each child then has them).
int nsesim_zygote_serve(int argc, char **argv);

/// nsesim's side. Starts a zygote: `host --zygote PARENT PADDING LIBRARY...` with `envp` (and
/// room for its children's environments) and `libraries` (NULL-ended paths) loaded in it, its
/// control socket at NSESIM_ZYGOTE_CONTROL_FD; `*control` gets nsesim's end (close-on-exec).
/// Returns its pid, or -errno.
pid_t nsesim_zygote_start(const char *host, char *const envp[], char *const libraries[], int *control);

/// Asks the zygote on `control` for a new process: `fds` its standard input, output and
/// error; `block` the host's path (its command's first word), the extension's library, the working directory, then the environment
/// ("KEY=VALUE"), each ended by NUL, `length` bytes in all. Returns the new process's pid (nsesim's child, in a session
/// of its own), or -errno (the zygote is gone or refused: spawn instead).
pid_t nsesim_zygote_fork(int control, const int fds[3], const char *block, size_t length);

/// pipe2(2) with O_CLOEXEC: 0, or -errno.
int nsesim_pipe_cloexec(int fds[2]);

/// pidfd_open(2).
int nsesim_pidfd_open(pid_t pid);

/// Reaps the exited child behind `pidfd` (waitid P_PIDFD): `*exited` 1 with `*code` its exit
/// status, or 0 with `*code` the signal that ended it. Returns 0, or -errno.
int nsesim_pidfd_reap(int pidfd, int *exited, int *code);

#endif
